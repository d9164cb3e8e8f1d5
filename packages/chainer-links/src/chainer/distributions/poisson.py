"""The Poisson distribution."""
import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import _rate
from chainer.distributions import utils
from chainer.utils import cache


class Poisson(_rate.Rate):
    """Poisson distribution with rate :math:`\\lambda`.

    .. math::
        P(x) = \\frac{\\lambda^x e^{-\\lambda}}{x!}, \\quad x = 0, 1, \\dots

    Args:
        lam (~chainer.Variable or ndarray): the rate :math:`\\lambda > 0`.
    """

    @property
    def support(self):
        return 'non negative integer'

    def log_prob(self, x):
        x = utils._array(x).astype(self.lam.dtype)
        xp = self.lam.xp
        log_factorial = F.lgamma(chainer.Variable(xp.asarray(x + 1, self.lam.dtype)))
        return chainer.Variable(xp.asarray(x)) * self._log_lam - log_factorial - self.lam

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def mean(self):
        return self.lam

    @cache.cached_property
    def variance(self):
        return self.lam

    def sample_n(self, n):
        lam = self.lam
        eps = utils._noise(lam.xp, 'poisson', (n,) + lam.shape, lam.dtype, lam=lam.array)
        return chainer.Variable(eps)


@distribution.register_kl(Poisson, Poisson)
def _kl_poisson_poisson(p, q):
    return p.lam * (p._log_lam - q._log_lam) - p.lam + q.lam
