"""The BlackOut loss layer ``L.BlackOut``."""
import chainer
import chainer.functions as F
from chainer import initializers
from chainer.links import _args
from chainer.links.loss import _sampler


class BlackOut(_sampler.SamplingLink):
    """BlackOut loss layer.

    Wraps :func:`chainer.functions.black_out`; holds the output embedding ``W`` of
    shape ``(len(counts), in_size)`` and draws ``sample_size`` negative words per
    example with probability proportional to their counts.
    See: BlackOut: Speeding up Recurrent Neural Network Language Models With Very
    Large Vocabularies.

    Args:
        in_size (int): Dimension of input vectors.
        counts (int list): Number of occurrences of each identifier.
        sample_size (int): Number of negative samples per example.

    ``W`` has the dtype ``chainer.config.dtype`` (float32 unless configured).

    Attributes:
        W (~chainer.Variable): Weight parameter matrix.
        sampler (~chainer.utils.WalkerAlias): Draws the negative samples on the link's
            device (``sampler.sample(shape)``).
        sample_data (array): If set, the negative samples ``(B, sample_size)`` every
            call uses instead of drawing them (v1 let callers fix them so).
    """

    def __init__(self, in_size, counts, sample_size):
        super(BlackOut, self).__init__()
        in_size = _args.positive_int(in_size, 'in_size')
        self.sample_size = _args.positive_int(sample_size, 'sample_size')
        counts = _sampler.as_counts(counts)
        self._init_sampler(counts)
        # N(0, 1 / in_size), in_size being the fan-in of each row.
        self.add_param('W', (counts.size, in_size), dtype=chainer.get_dtype(),
                       initializer=initializers.LeCunNormal())

    def __call__(self, x, t):
        """Computes the loss for inputs ``x`` ``(B, in_size)`` and labels ``t``
        ``(B,)`` with freshly drawn negative samples ``(B, sample_size)``."""
        samples = getattr(self, 'sample_data', None)
        if samples is None:
            samples = self._draw((x.shape[0], self.sample_size))
        return F.black_out(x, t, self.W, samples)

    def forward(self, x, t):
        """The loss, as :meth:`__call__` computes it (v2+ name)."""
        return self(x, t)
