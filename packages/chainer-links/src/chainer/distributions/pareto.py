"""The Pareto distribution."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache


class Pareto(distribution.Distribution):
    """Pareto distribution with scale :math:`x_m` and shape :math:`\\alpha`.

    .. math::
        p(x) = \\frac{\\alpha x_m^{\\alpha}}{x^{\\alpha + 1}}
            \\text{ for } x \\ge x_m

    The mean is infinite for :math:`\\alpha \\le 1`, the variance for
    :math:`\\alpha \\le 2`. Samples are reparameterized (drawn by the inverse cdf).

    Args:
        scale (~chainer.Variable or ndarray): the scale :math:`x_m > 0`.
        alpha (~chainer.Variable or ndarray): the shape :math:`\\alpha > 0`.
    """

    def __init__(self, scale, alpha):
        self.__scale = scale
        self.__alpha = alpha

    @cache.cached_property
    def scale(self):
        """~chainer.Variable: the scale :math:`x_m`."""
        return chainer.as_variable(self.__scale)

    @cache.cached_property
    def alpha(self):
        """~chainer.Variable: the shape :math:`\\alpha`."""
        return chainer.as_variable(self.__alpha)

    @cache.cached_property
    def _log_scale(self):
        return F.log(self.scale)

    @cache.cached_property
    def _log_alpha(self):
        return F.log(self.alpha)

    @property
    def batch_shape(self):
        return self.scale.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'scale': self.scale, 'alpha': self.alpha}

    @property
    def support(self):
        return '[scale, inf]'

    def log_prob(self, x):
        x = utils._as_variable(x, self.scale)
        xp = x.xp
        inside = x.array >= self.scale.array
        x = utils._fill(x.array > 0, x, 1)  # keeps the log of outside values finite
        logp = (self._log_alpha + self.alpha * self._log_scale
                - (self.alpha + 1) * F.log(x))
        inside = xp.broadcast_to(inside, logp.shape)
        return utils._fill(inside, logp, -numpy.inf)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    def cdf(self, x):
        x = utils._as_variable(x, self.scale)
        xp = x.xp
        inside = x.array >= self.scale.array
        x = utils._fill(x.array > 0, x, 1)
        value = 1 - F.exp(self.alpha * (self._log_scale - F.log(x)))
        inside = xp.broadcast_to(inside, value.shape)
        return utils._fill(inside, value, 0)

    def icdf(self, x):
        return self.scale * (1 - utils._as_variable(x, self.scale)) ** (-1 / self.alpha)

    @cache.cached_property
    def entropy(self):
        return self._log_scale - self._log_alpha + 1. / self.alpha + 1.

    @cache.cached_property
    def mean(self):
        a = self.alpha
        return utils._fill(a.array > 1, a * self.scale / (a - 1), numpy.inf)

    @cache.cached_property
    def variance(self):
        a = self.alpha
        var = self.scale ** 2 * a / ((a - 1) ** 2 * (a - 2))
        return utils._fill(a.array > 2, var, numpy.inf)

    def sample_n(self, n):
        # by the inverse cdf, so that gradients reach both scale and alpha
        a = self.alpha
        u = utils._noise(a.xp, 'uniform', (n,) + a.shape, a.dtype)
        return self.icdf(chainer.Variable(u))


@distribution.register_kl(Pareto, Pareto)
def _kl_pareto_pareto(p, q):
    kl = (q.alpha * (p._log_scale - q._log_scale) + p._log_alpha - q._log_alpha
          + (q.alpha - p.alpha) / p.alpha)
    return utils._fill(p.scale.array >= q.scale.array, kl, numpy.inf)
