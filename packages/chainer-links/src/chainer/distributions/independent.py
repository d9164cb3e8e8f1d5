"""Reinterpreting batch axes of a distribution as event axes."""
import chainer
from chainer import distribution
import chainer.functions as F
from chainer.utils import cache


def _size(shape):
    n = 1
    for s in shape:
        n *= s
    return n


class Independent(distribution.Distribution):
    """A distribution whose last batch axes are event axes of one joint event.

    Wraps a distribution; the last ``reinterpreted_batch_ndims`` axes of its batch
    shape become (leading) axes of the event, so that e.g. a batch of independent
    normals over pixels becomes one distribution over images: log-probabilities and
    entropies are summed, probabilities and cdfs multiplied over those axes.

    Args:
        distribution (~chainer.Distribution): the wrapped distribution.
        reinterpreted_batch_ndims (int): how many trailing batch axes to move into
            the event; default: all but the first batch axis.

    Raises:
        ValueError: ``reinterpreted_batch_ndims`` exceeds the number of batch axes.
    """

    def __init__(self, distribution, reinterpreted_batch_ndims=None):
        inner_batch = tuple(distribution.batch_shape)
        if reinterpreted_batch_ndims is None:
            reinterpreted_batch_ndims = max(0, len(inner_batch) - 1)
        elif reinterpreted_batch_ndims > len(inner_batch):
            raise ValueError(
                'reinterpreted_batch_ndims ({}) exceeds the number of dimensions of '
                '`distribution.batch_shape` {}'.format(
                    reinterpreted_batch_ndims, inner_batch))
        self.__distribution = distribution
        self.__ndims = reinterpreted_batch_ndims
        split = len(inner_batch) - reinterpreted_batch_ndims
        self.__batch_shape = inner_batch[:split]
        self.__event_shape = inner_batch[split:] + tuple(distribution.event_shape)

    @property
    def distribution(self):
        """~chainer.Distribution: the wrapped distribution."""
        return self.__distribution

    @property
    def reinterpreted_batch_ndims(self):
        """int: the number of batch axes moved into the event."""
        return self.__ndims

    @property
    def batch_shape(self):
        return self.__batch_shape

    @property
    def event_shape(self):
        return self.__event_shape

    def _reduce(self, op, value):
        if self.__ndims == 0:
            return value
        return op(value, axis=tuple(range(-self.__ndims, 0)))

    @property
    def params(self):
        return self.distribution.params

    @property
    def support(self):
        return self.distribution.support

    @property
    def xp(self):
        return self.distribution.xp

    @property
    def entropy(self):
        return self._reduce(F.sum, self.distribution.entropy)

    def log_prob(self, x):
        return self._reduce(F.sum, self.distribution.log_prob(x))

    def prob(self, x):
        return self._reduce(F.prod, self.distribution.prob(x))

    def cdf(self, x):
        return self._reduce(F.prod, self.distribution.cdf(x))

    def log_cdf(self, x):
        return self._reduce(F.sum, self.distribution.log_cdf(x))

    def survival_function(self, x):
        return self._reduce(F.prod, self.distribution.survival_function(x))

    def log_survival_function(self, x):
        return self._reduce(F.sum, self.distribution.log_survival_function(x))

    def perplexity(self, x):
        return self._reduce(F.prod, self.distribution.perplexity(x))

    def icdf(self, x):
        """Not defined: the cdf of a multivariate variable is not invertible.

        Raises:
            RuntimeError: always.
        """
        raise RuntimeError('the cumulative distribution function of a multivariate '
                           'variable is not invertible')

    @property
    def mean(self):
        return self.distribution.mean

    @property
    def mode(self):
        return self.distribution.mode

    @property
    def variance(self):
        return self.distribution.variance

    @property
    def stddev(self):
        return self.distribution.stddev

    @cache.cached_property
    def covariance(self):
        """~chainer.Variable: the block-diagonal covariance of the joint event,
        shape ``batch_shape + (n, n)`` with ``n`` the size of an event."""
        inner = self.distribution
        d = _size(inner.event_shape)
        if inner.event_shape == ():
            blocks = F.reshape(inner.variance, tuple(inner.batch_shape) + (1, 1))
        else:
            blocks = inner.covariance
        m = _size(self.event_shape) // d
        blocks = F.reshape(blocks, self.batch_shape + (m, d, 1, d))
        full = self.batch_shape + (m, d, m, d)
        xp = blocks.xp
        eye = xp.eye(m, dtype=blocks.dtype).reshape(m, 1, m, 1)
        diagonal = F.broadcast_to(blocks, full) * chainer.Variable(
            xp.broadcast_to(eye, full))
        return F.reshape(diagonal, self.batch_shape + (m * d, m * d))

    def sample_n(self, n):
        return self.distribution.sample_n(n)


@distribution.register_kl(Independent, Independent)
def _kl_independent_independent(p, q):
    if p.event_shape != q.event_shape:
        raise ValueError('event shapes do not match: {} and {}'.format(
            p.event_shape, q.event_shape))
    inner_p, inner_q = p.distribution, q.distribution
    if inner_p.event_shape != inner_q.event_shape:
        raise ValueError(
            'the KL divergence of Independent distributions needs inner '
            'distributions of one event shape, not {} and {}'.format(
                inner_p.event_shape, inner_q.event_shape))
    kl = distribution.kl_divergence(inner_p, inner_q)
    n_axes = len(p.event_shape) - len(inner_p.event_shape)
    if n_axes == 0:
        return kl
    return F.sum(kl, axis=tuple(range(-n_axes, 0)))
