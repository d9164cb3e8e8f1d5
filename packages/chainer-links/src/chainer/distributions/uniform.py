"""The continuous uniform distribution."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import argument
from chainer.utils import cache


class Uniform(distribution.Distribution):
    """Uniform distribution on :math:`[l, h]`.

    .. math::
        p(x) = \\frac{1}{h - l} \\text{ for } l \\le x \\le h, \\text{ else } 0

    Give the bounds as ``low`` and ``high``, or as ``loc`` (:math:`l`) and ``scale``
    (:math:`h - l`), as keyword arguments. Samples are reparameterized.

    Args:
        low (~chainer.Variable or ndarray): the lower bound :math:`l`.
        high (~chainer.Variable or ndarray): the upper bound :math:`h`.
        loc (~chainer.Variable or ndarray): the lower bound (with ``scale``).
        scale (~chainer.Variable or ndarray): the width :math:`h - l`.
    """

    def __init__(self, **kwargs):
        low, high, loc, scale = argument.parse_kwargs(
            kwargs, ('low', None), ('high', None), ('loc', None), ('scale', None))
        self._use_low_high = low is not None and high is not None
        self._use_loc_scale = loc is not None and scale is not None
        if self._use_low_high == self._use_loc_scale:
            raise ValueError(
                'Either `low, high` or `loc, scale` (not both) must have a value.')
        self.__low, self.__high = low, high
        self.__loc, self.__scale = loc, scale

    @cache.cached_property
    def low(self):
        """~chainer.Variable: the lower bound."""
        if self._use_low_high:
            return chainer.as_variable(self.__low)
        return self.loc

    @cache.cached_property
    def high(self):
        """~chainer.Variable: the upper bound."""
        if self._use_low_high:
            return chainer.as_variable(self.__high)
        return self.loc + self.scale

    @cache.cached_property
    def loc(self):
        """~chainer.Variable: the lower bound (the ``loc`` parameterization)."""
        if self._use_loc_scale:
            return chainer.as_variable(self.__loc)
        return self.low

    @cache.cached_property
    def scale(self):
        """~chainer.Variable: the width ``high - low``."""
        if self._use_loc_scale:
            return chainer.as_variable(self.__scale)
        return self.high - self.low

    @property
    def batch_shape(self):
        return self.low.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        if self._use_low_high:
            return {'low': self.low, 'high': self.high}
        return {'loc': self.loc, 'scale': self.scale}

    @property
    def support(self):
        return '[low, high]'

    def log_prob(self, x):
        x = utils._as_variable(x, self.low)
        logp = F.broadcast_to(-F.log(self.scale), x.shape)
        xa = x.array
        inside = (xa >= self.low.array) & (xa <= self.high.array)
        return utils._fill(inside, logp, -numpy.inf)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        return F.clip((utils._as_variable(x, self.low) - self.loc) / self.scale, 0., 1.)

    def icdf(self, x):
        return utils._as_variable(x, self.low) * self.scale + self.loc

    @cache.cached_property
    def entropy(self):
        return F.log(self.scale)

    @cache.cached_property
    def mean(self):
        return (self.low + self.high) / 2

    @cache.cached_property
    def variance(self):
        return self.scale ** 2 / 12

    @cache.cached_property
    def stddev(self):
        return F.sqrt(self.variance)

    def sample_n(self, n):
        low = self.low
        eps = utils._noise(low.xp, 'uniform', (n,) + low.shape, low.dtype)
        return self.icdf(chainer.Variable(eps))


@distribution.register_kl(Uniform, Uniform)
def _kl_uniform_uniform(p, q):
    kl = F.log(q.high - q.low) - F.log(p.high - p.low)
    outside = (p.low.array < q.low.array) | (p.high.array > q.high.array)
    return utils._fill(~outside, kl, numpy.inf)
