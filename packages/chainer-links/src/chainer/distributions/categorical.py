"""The categorical distribution over class indices."""
import numpy

import chainer
from chainer import distribution
import chainer.functions as F
from chainer.distributions import utils
from chainer.utils import argument
from chainer.utils import cache


def _sample_indices(xp, p, n):
    """Draws ``n`` class indices for every row of ``p`` (shape ``(..., k)``), by
    inverting the cumulative sums: shape ``(n,) + p.shape[:-1]``, int32."""
    cumulative = xp.cumsum(p.astype(numpy.float64), axis=-1)
    cumulative /= cumulative[..., -1:]
    u = xp.random.uniform(size=(n,) + p.shape[:-1] + (1,))
    index = (u >= cumulative).sum(axis=-1)
    return xp.minimum(index, p.shape[-1] - 1).astype(numpy.int32)


class Categorical(distribution.Distribution):
    """Categorical distribution: class ``i`` with probability :math:`p_i`.

    The last axis of the parameter indexes the classes; a value is a class index
    (event shape ``()``).

    Args:
        p (~chainer.Variable or ndarray): class probabilities (summing to 1 over the
            last axis). Give ``p`` or ``logit``, not both.
        logit (~chainer.Variable or ndarray): unnormalized log-probabilities
            (keyword only); :math:`p = \\mathrm{softmax}(\\mathrm{logit})`.
    """

    def __init__(self, p=None, **kwargs):
        logit, = argument.parse_kwargs(kwargs, ('logit', None))
        if (p is None) == (logit is None):
            raise ValueError('Either `p` or `logit` (not both) must have a value.')
        self.__p = p
        self.__logit = logit

    @cache.cached_property
    def p(self):
        """~chainer.Variable: the class probabilities."""
        if self.__p is not None:
            return chainer.as_variable(self.__p)
        return F.exp(self.log_p)

    @cache.cached_property
    def log_p(self):
        """~chainer.Variable: the log of the class probabilities."""
        if self.__p is not None:
            return F.log(self.p)
        return F.log_softmax(chainer.as_variable(self.__logit), axis=-1)

    @property
    def batch_shape(self):
        return self.p.shape[:-1]

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'p': self.p}

    def log_prob(self, x):
        index = utils._array(x).astype(numpy.int32)
        k = self.log_p.shape[-1]
        table = F.broadcast_to(self.log_p, index.shape + (k,))
        picked = F.select_item(F.reshape(table, (-1, k)), index.reshape(-1))
        return F.reshape(picked, index.shape)

    def prob(self, x):
        return F.exp(self.log_prob(x))

    @cache.cached_property
    def entropy(self):
        return -F.sum(utils._modified_xlogx(self.p), axis=-1)

    def sample_n(self, n):
        p = self.p
        return chainer.Variable(_sample_indices(p.xp, p.array, n))


@distribution.register_kl(Categorical, Categorical)
def _kl_categorical_categorical(p, q):
    return F.sum(p.p * (p.log_p - q.log_p), axis=-1)
