"""The Dirichlet distribution."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache


def _lbeta(alpha):
    # log of the multivariate beta function, over the last axis
    return F.sum(F.lgamma(alpha), axis=-1) - F.lgamma(F.sum(alpha, axis=-1))


class Dirichlet(distribution.Distribution):
    """Dirichlet distribution on the probability simplex.

    .. math::
        p(x) = \\frac{1}{B(\\alpha)} \\prod_i x_i^{\\alpha_i - 1}

    The last axis of ``alpha`` is the event axis. Samples are not reparameterized.

    Args:
        alpha (~chainer.Variable or ndarray): the concentrations
            :math:`\\alpha_i > 0`.
    """

    def __init__(self, alpha):
        self.__alpha = alpha

    @cache.cached_property
    def alpha(self):
        """~chainer.Variable: the concentrations :math:`\\alpha`."""
        return chainer.as_variable(self.__alpha)

    @cache.cached_property
    def alpha0(self):
        """~chainer.Variable: :math:`\\sum_i \\alpha_i`."""
        return F.sum(self.alpha, axis=-1)

    @property
    def batch_shape(self):
        return self.alpha.shape[:-1]

    @property
    def event_shape(self):
        return self.alpha.shape[-1:]

    @property
    def params(self):
        return {'alpha': self.alpha}

    @property
    def support(self):
        return '[0, 1]'

    def log_prob(self, x):
        x = utils._as_variable(x, self.alpha)
        return F.sum((self.alpha - 1) * F.log(x), axis=-1) - _lbeta(self.alpha)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        alpha, alpha0 = self.alpha, self.alpha0
        k = alpha.shape[-1]
        return (_lbeta(alpha) + (alpha0 - k) * F.digamma(alpha0)
                - F.sum((alpha - 1) * F.digamma(alpha), axis=-1))

    @cache.cached_property
    def mean(self):
        return self.alpha / F.expand_dims(self.alpha0, -1)

    @cache.cached_property
    def variance(self):
        alpha0 = F.expand_dims(self.alpha0, -1)
        return self.alpha * (alpha0 - self.alpha) / (alpha0 ** 2 * (alpha0 + 1))

    def sample_n(self, n):
        alpha = self.alpha
        xp = alpha.xp
        # normalized independent gamma draws are Dirichlet distributed
        g = utils._noise(xp, 'gamma', (n,) + alpha.shape, numpy.float64,
                         shape=alpha.array)
        total = g.sum(axis=-1, keepdims=True)
        return chainer.Variable((g / total).astype(alpha.dtype))


@distribution.register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p, q):
    shift = F.digamma(p.alpha) - F.expand_dims(F.digamma(p.alpha0), -1)
    return (_lbeta(q.alpha) - _lbeta(p.alpha)
            + F.sum((p.alpha - q.alpha) * shift, axis=-1))
