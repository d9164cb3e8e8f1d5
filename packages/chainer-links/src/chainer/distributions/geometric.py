"""The geometric distribution."""
import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import cache


class Geometric(distribution.Distribution):
    """Geometric distribution: the number of trials up to the first success.

    .. math::
        P(x) = p (1 - p)^{x - 1}, \\quad x = 1, 2, \\dots

    Args:
        p (~chainer.Variable or ndarray): the probability of success of a trial.
    """

    def __init__(self, p):
        self.__p = p

    @cache.cached_property
    def p(self):
        """~chainer.Variable: the success probability."""
        return chainer.as_variable(self.__p)

    @property
    def batch_shape(self):
        return self.p.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'p': self.p}

    @property
    def support(self):
        return 'positive integer'

    def log_prob(self, x):
        x = utils._as_variable(x, self.p)
        return (x - 1) * F.log1p(-self.p) + F.log(self.p)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def mean(self):
        return 1 / self.p

    @cache.cached_property
    def variance(self):
        return (1 - self.p) / self.p ** 2

    def sample_n(self, n):
        p = self.p
        eps = utils._noise(p.xp, 'geometric', (n,) + p.shape, p.dtype, p=p.array)
        return chainer.Variable(eps)


@distribution.register_kl(Geometric, Geometric)
def _kl_geometric_geometric(p, q):
    return ((1 / p.p - 1) * (F.log1p(-p.p) - F.log1p(-q.p))
            + F.log(p.p) - F.log(q.p))
