"""The normal (Gaussian) distribution."""
import math

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import _location_scale
from chainer.distributions import utils
from chainer.utils import argument
from chainer.utils import cache

_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)
_HALF_LOG_2PIE = 0.5 * math.log(2 * math.pi * math.e)


class Normal(_location_scale.LocationScale):
    """Normal distribution :math:`N(\\mu, \\sigma^2)`.

    .. math::
        p(x) = \\frac{1}{\\sqrt{2\\pi}\\sigma}
            \\exp\\left(-\\frac{(x-\\mu)^2}{2\\sigma^2}\\right)

    Samples are reparameterized (:math:`\\mu + \\sigma\\epsilon`), so gradients flow to
    the parameters.

    Args:
        loc (~chainer.Variable or ndarray): the mean :math:`\\mu`.
        scale (~chainer.Variable or ndarray): the standard deviation
            :math:`\\sigma`. Give ``scale`` or ``log_scale``, not both.
        log_scale (~chainer.Variable or ndarray): :math:`\\log\\sigma` (keyword only).
    """

    def __init__(self, loc, scale=None, **kwargs):
        log_scale, = argument.parse_kwargs(kwargs, ('log_scale', None))
        if (scale is None) == (log_scale is None):
            raise ValueError(
                'Either `scale` or `log_scale` (not both) must have a value.')
        super(Normal, self).__init__(loc, scale)
        self.__log_scale = log_scale

    @cache.cached_property
    def scale(self):
        """~chainer.Variable: the standard deviation :math:`\\sigma`."""
        if self._scale_arg is not None:
            return chainer.as_variable(self._scale_arg)
        return F.exp(self.log_scale)

    @cache.cached_property
    def log_scale(self):
        """~chainer.Variable: :math:`\\log\\sigma`."""
        if self.__log_scale is not None:
            return chainer.as_variable(self.__log_scale)
        return F.log(self.scale)

    def log_prob(self, x):
        return -_HALF_LOG_2PI - self.log_scale - 0.5 * self._z(x) ** 2

    def prob(self, x):
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        return F.ndtr(self._z(x))

    def log_cdf(self, x):
        return F.log_ndtr(self._z(x))

    def survival_function(self, x):
        return F.ndtr(-self._z(x))

    def log_survival_function(self, x):
        return F.log_ndtr(-self._z(x))

    def icdf(self, x):
        return self.loc + self.scale * F.ndtri(utils._as_variable(x, self.loc))

    @cache.cached_property
    def entropy(self):
        return self.log_scale + _HALF_LOG_2PIE

    @cache.cached_property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    @cache.cached_property
    def stddev(self):
        return self.scale

    @cache.cached_property
    def variance(self):
        return self.scale ** 2

    def sample_n(self, n):
        loc = self.loc
        eps = utils._noise(loc.xp, 'standard_normal', (n,) + loc.shape, loc.dtype)
        return loc + self.scale * chainer.Variable(eps)


@distribution.register_kl(Normal, Normal)
def _kl_normal_normal(p, q):
    return (q.log_scale - p.log_scale
            + 0.5 * (p.variance + (p.loc - q.loc) ** 2) / q.variance - 0.5)
