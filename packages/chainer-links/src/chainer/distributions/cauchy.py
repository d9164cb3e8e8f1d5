"""The Cauchy distribution."""
import math
import warnings

import numpy

import chainer
import chainer.functions as F
from chainer.distributions import _location_scale
from chainer.distributions import utils
from chainer.utils import cache


class Cauchy(_location_scale.LocationScale):
    """Cauchy distribution with location :math:`x_0` and scale :math:`\\gamma`.

    .. math::
        p(x) = \\frac{1}{\\pi\\gamma\\left(1 + \\left(\\frac{x - x_0}{\\gamma}
            \\right)^2\\right)}

    Its mean and variance are undefined: :attr:`mean` and :attr:`variance` are NaN
    and warn (RuntimeWarning). Samples are reparameterized.

    Args:
        loc (~chainer.Variable or ndarray): the location :math:`x_0`.
        scale (~chainer.Variable or ndarray): the scale :math:`\\gamma > 0`.
    """

    def log_prob(self, x):
        return -math.log(math.pi) - F.log(self.scale) - F.log1p(self._z(x) ** 2)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        return F.arctan(self._z(x)) / math.pi + 0.5

    def survival_function(self, x):
        return 0.5 - F.arctan(self._z(x)) / math.pi

    def icdf(self, x):
        q = utils._as_variable(x, self.loc)
        return self.loc + self.scale * F.tan((q - 0.5) * math.pi)

    @cache.cached_property
    def entropy(self):
        return F.log(4 * math.pi * self.scale)

    @property
    def mode(self):
        return self.loc

    def _undefined_moment(self, name):
        warnings.warn('{} of the cauchy distribution is undefined.'.format(name),
                      RuntimeWarning, stacklevel=3)
        xp = self.loc.xp
        return chainer.Variable(xp.full(self.loc.shape, numpy.nan, self.loc.dtype))

    @property
    def mean(self):
        return self._undefined_moment('Mean')

    @property
    def variance(self):
        return self._undefined_moment('Variance')

    def sample_n(self, n):
        loc = self.loc
        eps = utils._noise(loc.xp, 'standard_cauchy', (n,) + loc.shape, loc.dtype)
        return self.scale * chainer.Variable(eps) + loc
