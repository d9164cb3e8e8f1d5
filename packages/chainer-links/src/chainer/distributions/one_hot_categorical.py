"""The categorical distribution over one-hot vectors."""
import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import categorical
from chainer.distributions import utils
from chainer.utils import cache


class OneHotCategorical(distribution.Distribution):
    """Categorical distribution whose values are one-hot vectors.

    Like :class:`~chainer.distributions.Categorical`, but a value is the one-hot
    vector of the class (event shape ``(k,)``).

    Args:
        p (~chainer.Variable or ndarray): class probabilities, the last axis being
            the classes.
    """

    def __init__(self, p):
        self.__p = p

    @cache.cached_property
    def p(self):
        """~chainer.Variable: the class probabilities."""
        return chainer.as_variable(self.__p)

    @cache.cached_property
    def log_p(self):
        """~chainer.Variable: the log of the class probabilities."""
        return F.log(self.p)

    @property
    def batch_shape(self):
        return self.p.shape[:-1]

    @property
    def event_shape(self):
        return self.p.shape[-1:]

    @property
    def params(self):
        return {'p': self.p}

    def log_prob(self, x):
        x = utils._as_variable(x, self.p)
        return F.sum(self.log_p * x, axis=-1)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        return -F.sum(utils._modified_xlogx(self.p), axis=-1)

    @cache.cached_property
    def mean(self):
        return self.p

    @cache.cached_property
    def variance(self):
        return self.p * (1. - self.p)

    def sample_n(self, n):
        p = self.p
        xp = p.xp
        index = categorical._sample_indices(xp, p.array, n)
        return chainer.Variable(xp.eye(p.shape[-1], dtype=p.dtype)[index])


@distribution.register_kl(OneHotCategorical, OneHotCategorical)
def _kl_one_hot_categorical(p, q):
    return F.sum(p.p * (p.log_p - q.log_p), axis=-1)
