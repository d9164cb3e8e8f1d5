"""The Gumbel (type-I extreme value) distribution."""
import math

import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import _location_scale
from chainer.distributions import utils
from chainer.utils import cache

#: The Euler-Mascheroni constant.
EULER = float(numpy.euler_gamma)


class Gumbel(_location_scale.LocationScale):
    """Gumbel distribution with location :math:`\\mu` and scale :math:`\\beta`.

    .. math::
        p(x) = \\frac{1}{\\beta} \\exp\\left(-z - e^{-z}\\right),
            \\quad z = \\frac{x - \\mu}{\\beta}

    Samples are reparameterized.

    Args:
        loc (~chainer.Variable or ndarray): the location :math:`\\mu`.
        scale (~chainer.Variable or ndarray): the scale :math:`\\beta > 0`.
    """

    @cache.cached_property
    def _log_scale(self):
        return F.log(self.scale)

    def log_prob(self, x):
        z = self._z(x)
        return -self._log_scale - z - F.exp(-z)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        return F.exp(-F.exp(-self._z(x)))

    def log_cdf(self, x):
        return -F.exp(-self._z(x))

    def icdf(self, x):
        return self.loc - self.scale * F.log(-F.log(utils._as_variable(x, self.loc)))

    @cache.cached_property
    def entropy(self):
        return self._log_scale + (EULER + 1)

    @cache.cached_property
    def mean(self):
        return self.loc + EULER * self.scale

    @property
    def mode(self):
        return self.loc

    @cache.cached_property
    def variance(self):
        return (math.pi ** 2 / 6) * self.scale ** 2

    def sample_n(self, n):
        loc = self.loc
        eps = utils._noise(loc.xp, 'gumbel', (n,) + loc.shape, loc.dtype)
        return self.scale * chainer.Variable(eps) + loc


@distribution.register_kl(Gumbel, Gumbel)
def _kl_gumbel_gumbel(p, q):
    ratio = p.scale / q.scale
    shift = (p.loc - q.loc) / q.scale
    return (q._log_scale - p._log_scale + EULER * (ratio - 1)
            + F.exp(-shift + F.lgamma(ratio + 1)) - 1 + shift)
