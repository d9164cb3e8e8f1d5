"""The exponential distribution."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import _rate
from chainer.distributions import utils
from chainer.utils import cache


class Exponential(_rate.Rate):
    """Exponential distribution with rate :math:`\\lambda`.

    .. math::
        p(x) = \\lambda e^{-\\lambda x} \\text{ for } x \\ge 0

    Samples are reparameterized (:math:`\\epsilon / \\lambda`).

    Args:
        lam (~chainer.Variable or ndarray): the rate :math:`\\lambda > 0`.
    """

    @property
    def support(self):
        return 'positive'

    def log_prob(self, x):
        x = utils._as_variable(x, self.lam)
        return utils._fill(x.array >= 0, self._log_lam - self.lam * x, -numpy.inf)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        x = utils._as_variable(x, self.lam)
        return utils._fill(x.array >= 0, -F.expm1(-self.lam * x), 0)

    def survival_function(self, x):
        x = utils._as_variable(x, self.lam)
        return utils._fill(x.array >= 0, F.exp(-self.lam * x), 1)

    def icdf(self, x):
        return -F.log1p(-utils._as_variable(x, self.lam)) / self.lam

    @cache.cached_property
    def entropy(self):
        return 1 - self._log_lam

    @cache.cached_property
    def mean(self):
        return 1 / self.lam

    @cache.cached_property
    def variance(self):
        return self.mean ** 2

    @cache.cached_property
    def stddev(self):
        return self.mean

    def sample_n(self, n):
        lam = self.lam
        eps = utils._noise(lam.xp, 'standard_exponential', (n,) + lam.shape, lam.dtype)
        return chainer.Variable(eps) / lam


@distribution.register_kl(Exponential, Exponential)
def _kl_exponential_exponential(p, q):
    return p._log_lam - q._log_lam + q.lam / p.lam - 1
