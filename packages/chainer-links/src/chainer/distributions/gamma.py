"""The gamma distribution."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache


class Gamma(distribution.Distribution):
    """Gamma distribution with shape :math:`k` and scale :math:`\\theta`.

    .. math::
        p(x) = \\frac{x^{k-1} e^{-x/\\theta}}{\\Gamma(k)\\theta^k}
            \\text{ for } x \\ge 0

    Samples are :math:`\\theta \\epsilon` with :math:`\\epsilon \\sim \\Gamma(k, 1)`:
    reparameterized in :math:`\\theta`, not in :math:`k`.

    Args:
        k (~chainer.Variable or ndarray): the shape :math:`k > 0`.
        theta (~chainer.Variable or ndarray): the scale :math:`\\theta > 0`.
    """

    def __init__(self, k, theta):
        self.__k = k
        self.__theta = theta

    @cache.cached_property
    def k(self):
        """~chainer.Variable: the shape :math:`k`."""
        return chainer.as_variable(self.__k)

    @cache.cached_property
    def theta(self):
        """~chainer.Variable: the scale :math:`\\theta`."""
        return chainer.as_variable(self.__theta)

    @property
    def batch_shape(self):
        return self.k.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'k': self.k, 'theta': self.theta}

    @property
    def support(self):
        return 'positive'

    def log_prob(self, x):
        x = utils._as_variable(x, self.k)
        xp = x.xp
        nonneg = x.array >= 0
        safe_x = utils._fill(nonneg, x, 1)
        k, theta = self.k, self.theta
        logp = (-F.lgamma(k) - k * F.log(theta) + (k - 1) * F.log(safe_x)
                - safe_x / theta)
        return utils._fill(xp.broadcast_to(nonneg, logp.shape), logp, -numpy.inf)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        k = self.k
        return k + F.log(self.theta) + F.lgamma(k) + (1 - k) * F.digamma(k)

    @cache.cached_property
    def mean(self):
        return self.k * self.theta

    @cache.cached_property
    def variance(self):
        return self.mean * self.theta

    def sample_n(self, n):
        k = self.k
        eps = utils._noise(k.xp, 'gamma', (n,) + k.shape, k.dtype, shape=k.array)
        return chainer.Variable(eps) * self.theta


@distribution.register_kl(Gamma, Gamma)
def _kl_gamma_gamma(p, q):
    return ((p.k - q.k) * F.digamma(p.k) - F.lgamma(p.k) + F.lgamma(q.k)
            + q.k * (F.log(q.theta) - F.log(p.theta))
            + p.k * (p.theta / q.theta - 1))
