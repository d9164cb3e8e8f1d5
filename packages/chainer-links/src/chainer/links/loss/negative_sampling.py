"""The negative sampling loss layer ``L.NegativeSampling``."""
import chainer
from chainer.functions.loss import negative_sampling as _function
from chainer.links import _args
from chainer.links.loss import _sampler


class NegativeSampling(_sampler.SamplingLink):
    """Negative sampling loss layer.

    Wraps :func:`chainer.functions.negative_sampling`; holds the weight matrix ``W``
    of shape ``(len(counts), in_size)`` (zero-initialized) and a Walker alias sampler
    drawing word ``w`` with probability proportional to ``counts[w] ** power``.

    Args:
        in_size (int): Dimension of input vectors.
        counts (int list): Number of occurrences of each identifier.
        sample_size (int): Number of negative samples.
        power (float): Power factor alpha of the sampling distribution.
        dtype (numpy.dtype or None): dtype of ``W`` (Chainer v7; default:
            ``chainer.config.dtype``, float32 unless configured).

    Attributes:
        W (~chainer.Variable): Weight parameter matrix.
        sampler (~chainer.utils.WalkerAlias): Draws the negative samples on the link's
            device (``sampler.sample(shape)``).
    """

    def __init__(self, in_size, counts, sample_size, power=0.75, dtype=None):
        super(NegativeSampling, self).__init__()
        in_size = _args.positive_int(in_size, 'in_size')
        self.sample_size = _args.positive_int(sample_size, 'sample_size')
        counts = _sampler.as_counts(counts)
        self.power = power
        self._init_sampler(counts ** power)
        self.add_param('W', (counts.size, in_size), dtype=chainer.get_dtype(dtype),
                       initializer=0)

    def __call__(self, x, t, reduce='sum', return_samples=False):
        """Computes the loss value for inputs ``x`` ``(B, in_size)`` and ground truth
        labels ``t`` ``(B,)``; ``reduce`` ('sum' or 'no', v1.24) and ``return_samples``
        (v7: also return the ``(B, 1 + sample_size)`` samples) as for
        :func:`~chainer.functions.negative_sampling`."""
        # Looked up at call time, so that a patched module function is used.
        return _function.negative_sampling(
            x, t, self.W, self._draw, self.sample_size, reduce=reduce,
            return_samples=return_samples)

    def forward(self, x, t, reduce='sum', return_samples=False):
        """The loss, as :meth:`__call__` computes it (v2+ name)."""
        return self(x, t, reduce=reduce, return_samples=return_samples)
