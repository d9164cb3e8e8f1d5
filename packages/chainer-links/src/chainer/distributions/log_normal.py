"""The log-normal distribution."""
import math

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache

_HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)


class LogNormal(distribution.Distribution):
    """Log-normal distribution: :math:`e^Y` for :math:`Y \\sim N(\\mu, \\sigma^2)`.

    .. math::
        p(x) = \\frac{1}{\\sqrt{2\\pi}\\sigma x}
            \\exp\\left(-\\frac{(\\log x - \\mu)^2}{2\\sigma^2}\\right)

    Samples are reparameterized.

    Args:
        mu (~chainer.Variable or ndarray): the mean :math:`\\mu` of :math:`\\log x`.
        sigma (~chainer.Variable or ndarray): the standard deviation :math:`\\sigma`
            of :math:`\\log x`.
    """

    def __init__(self, mu, sigma):
        self.__mu = mu
        self.__sigma = sigma

    @cache.cached_property
    def mu(self):
        """~chainer.Variable: :math:`\\mu`."""
        return chainer.as_variable(self.__mu)

    @cache.cached_property
    def sigma(self):
        """~chainer.Variable: :math:`\\sigma`."""
        return chainer.as_variable(self.__sigma)

    @cache.cached_property
    def _log_sigma(self):
        return F.log(self.sigma)

    @property
    def batch_shape(self):
        return self.mu.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'mu': self.mu, 'sigma': self.sigma}

    @property
    def support(self):
        return 'positive'

    def log_prob(self, x):
        log_x = F.log(utils._as_variable(x, self.mu))
        return (-_HALF_LOG_2PI - self._log_sigma - log_x
                - 0.5 * ((log_x - self.mu) / self.sigma) ** 2)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        return 0.5 + _HALF_LOG_2PI + self._log_sigma + self.mu

    @cache.cached_property
    def mean(self):
        return F.exp(self.mu + 0.5 * self.sigma ** 2)

    @cache.cached_property
    def variance(self):
        s2 = self.sigma ** 2
        return F.expm1(s2) * F.exp(2 * self.mu + s2)

    def sample_n(self, n):
        mu = self.mu
        eps = utils._noise(mu.xp, 'standard_normal', (n,) + mu.shape, mu.dtype)
        return F.exp(self.sigma * chainer.Variable(eps) + mu)


@distribution.register_kl(LogNormal, LogNormal)
def _kl_log_normal_log_normal(p, q):
    return (0.5 * ((p.mu - q.mu) ** 2 + p.sigma ** 2) / q.sigma ** 2 - 0.5
            + q._log_sigma - p._log_sigma)
