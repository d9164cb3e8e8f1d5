"""The chi-square distribution."""
import math

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache

_LOG2 = math.log(2.)


class Chisquare(distribution.Distribution):
    """Chi-square distribution with :math:`k` degrees of freedom.

    .. math::
        p(x) = \\frac{x^{k/2-1} e^{-x/2}}{2^{k/2}\\Gamma(k/2)}

    Samples are not reparameterized.

    Args:
        k (~chainer.Variable or ndarray): the degrees of freedom :math:`k > 0`.
    """

    def __init__(self, k):
        self.__k = k

    @cache.cached_property
    def k(self):
        """~chainer.Variable: the degrees of freedom."""
        return chainer.as_variable(self.__k)

    @cache.cached_property
    def _half_k(self):
        return 0.5 * self.k

    @property
    def batch_shape(self):
        return self.k.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'k': self.k}

    @property
    def support(self):
        return 'positive'

    def log_prob(self, x):
        x = utils._as_variable(x, self.k)
        h = self._half_k
        return -F.lgamma(h) - h * _LOG2 + (h - 1) * F.log(x) - 0.5 * x

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        h = self._half_k
        return h + _LOG2 + F.lgamma(h) + (1 - h) * F.digamma(h)

    @cache.cached_property
    def mean(self):
        return self.k

    @cache.cached_property
    def variance(self):
        return 2 * self.k

    def sample_n(self, n):
        k = self.k
        eps = utils._noise(k.xp, 'chisquare', (n,) + k.shape, k.dtype, df=k.array)
        return chainer.Variable(eps)
