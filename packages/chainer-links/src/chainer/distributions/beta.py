"""The beta distribution."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache


def _lbeta(a, b):
    return F.lgamma(a) + F.lgamma(b) - F.lgamma(a + b)


class Beta(distribution.Distribution):
    """Beta distribution on :math:`[0, 1]`.

    .. math::
        p(x) = \\frac{x^{a-1}(1-x)^{b-1}}{B(a, b)}

    Samples are not reparameterized (no gradient flows to ``a`` and ``b``).

    Args:
        a (~chainer.Variable or ndarray): :math:`a > 0`.
        b (~chainer.Variable or ndarray): :math:`b > 0`.
    """

    def __init__(self, a, b):
        self.__a = a
        self.__b = b

    @cache.cached_property
    def a(self):
        """~chainer.Variable: the parameter :math:`a`."""
        return chainer.as_variable(self.__a)

    @cache.cached_property
    def b(self):
        """~chainer.Variable: the parameter :math:`b`."""
        return chainer.as_variable(self.__b)

    @cache.cached_property
    def _a_plus_b(self):
        return self.a + self.b

    @property
    def batch_shape(self):
        return self.a.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'a': self.a, 'b': self.b}

    @property
    def support(self):
        return '[0, 1]'

    def log_prob(self, x):
        x = utils._as_variable(x, self.a)
        xp = x.xp
        inside = (x.array >= 0) & (x.array <= 1)
        x = utils._fill(inside, x, 0.5)  # keeps the logs of outside values finite
        with numpy.errstate(divide='ignore'):
            logp = ((self.a - 1) * F.log(x) + (self.b - 1) * F.log1p(-x)
                    - _lbeta(self.a, self.b))
        return utils._fill(xp.broadcast_to(inside, logp.shape), logp, -numpy.inf)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        a, b, s = self.a, self.b, self._a_plus_b
        return (_lbeta(a, b) - (a - 1) * F.digamma(a) - (b - 1) * F.digamma(b)
                + (s - 2) * F.digamma(s))

    @cache.cached_property
    def mean(self):
        return self.a / self._a_plus_b

    @cache.cached_property
    def variance(self):
        s = self._a_plus_b
        return self.a * self.b / (s ** 2 * (s + 1))

    def sample_n(self, n):
        a, b = self.a, self.b
        eps = utils._noise(a.xp, 'beta', (n,) + a.shape, a.dtype,
                           a=a.array, b=b.array)
        return chainer.Variable(eps)


@distribution.register_kl(Beta, Beta)
def _kl_beta_beta(p, q):
    sp, sq = p._a_plus_b, q._a_plus_b
    return (_lbeta(q.a, q.b) - _lbeta(p.a, p.b)
            + (p.a - q.a) * F.digamma(p.a) + (p.b - q.b) * F.digamma(p.b)
            + (sq - sp) * F.digamma(sp))
