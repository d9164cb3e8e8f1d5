"""The Laplace (double exponential) distribution."""
import math

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import _location_scale
from chainer.distributions import utils
from chainer.utils import cache


def _laplace_cdf(z):
    # 1/2 exp(z) for z < 0, 1 - 1/2 exp(-z) for z >= 0
    return 0.5 - 0.5 * F.sign(z) * F.expm1(-abs(z))


def _laplace_icdf(q):
    # inverse of the standard cdf: -sign(h) log(1 - |h|) with h = 2q - 1
    h = 2 * q - 1
    return -F.sign(h) * F.log1p(-abs(h))


class Laplace(_location_scale.LocationScale):
    """Laplace distribution with location :math:`\\mu` and scale :math:`b`.

    .. math::
        p(x) = \\frac{1}{2b} \\exp\\left(-\\frac{|x - \\mu|}{b}\\right)

    Samples are reparameterized.

    Args:
        loc (~chainer.Variable or ndarray): the location :math:`\\mu`.
        scale (~chainer.Variable or ndarray): the scale :math:`b > 0`.
    """

    def log_prob(self, x):
        return -F.log(2 * self.scale) - abs(self._z(x))

    def prob(self, x):
        return 0.5 / self.scale * F.exp(-abs(self._z(x)))

    def cdf(self, x):
        return _laplace_cdf(self._z(x))

    def survival_function(self, x):
        return _laplace_cdf(-self._z(x))

    def icdf(self, x):
        return self.loc + self.scale * _laplace_icdf(utils._as_variable(x, self.loc))

    @cache.cached_property
    def entropy(self):
        return 1. + F.log(2 * self.scale)

    @cache.cached_property
    def mean(self):
        return self.loc

    @cache.cached_property
    def mode(self):
        return self.loc

    @cache.cached_property
    def variance(self):
        return 2 * self.scale ** 2

    @cache.cached_property
    def stddev(self):
        return math.sqrt(2) * self.scale

    def sample_n(self, n):
        loc = self.loc
        eps = utils._noise(loc.xp, 'laplace', (n,) + loc.shape, loc.dtype)
        return self.scale * chainer.Variable(eps) + loc


@distribution.register_kl(Laplace, Laplace)
def _kl_laplace_laplace(p, q):
    distance = abs(p.loc - q.loc)
    return (F.log(q.scale) - F.log(p.scale) + distance / q.scale
            + p.scale / q.scale * F.exp(-distance / p.scale) - 1)
