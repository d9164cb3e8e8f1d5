"""The word-embedding layer ``L.EmbedID``."""
import chainer.functions as F
from chainer import initializers
from chainer import link
from chainer.links import _args


class EmbedID(link.Link):
    """Efficient linear layer for one-hot input: looks up rows of ``W``.

    Wraps :func:`chainer.functions.embed_id` and holds the ID (word) embedding
    matrix ``W`` of shape ``(in_size, out_size)``: ``y[i] = W[x[i]]``.

    Args:
        in_size (int): Number of different identifiers (vocabulary size).
        out_size (int): Size of an embedding vector.
        initialW: Initial ``W`` (2-D array or callable); None draws from the standard
            normal distribution.
        ignore_label (int or None): IDs equal to it are embedded as zero vectors.

    Attributes:
        W (~chainer.Variable): Embedding parameter matrix.
        ignore_label (int or None): The ignored ID.
    """

    # A class default, as in v1: links pickled before the attribute existed still work.
    ignore_label = None

    def __init__(self, in_size, out_size, initialW=None, ignore_label=None):
        super(EmbedID, self).__init__()
        in_size = _args.positive_int(in_size, 'in_size')
        out_size = _args.positive_int(out_size, 'out_size')
        if ignore_label is not None and (isinstance(ignore_label, bool) or
                                         not isinstance(ignore_label, int)):
            raise ValueError('ignore_label must be an int or None, got {!r}'.format(
                ignore_label))
        self.ignore_label = ignore_label
        if initialW is None:
            initialW = initializers.Normal(1.0)
        self.add_param('W', (in_size, out_size), initializer=initialW)

    @classmethod
    def from_params(cls, W, ignore_label=None):
        """An EmbedID whose table starts as a copy of ``W`` ``(in_size, out_size)``
        (v5+). Returns the new link."""
        W = getattr(W, 'array', W)
        return cls(W.shape[0], W.shape[1], initialW=W.copy(), ignore_label=ignore_label)

    def forward(self, x):
        """Extracts the word embeddings of the given IDs.

        Args:
            x (~chainer.Variable): Batch of int IDs, any shape.

        Returns:
            ~chainer.Variable: The embeddings, of shape ``x.shape + (out_size,)``.
        """
        return F.embed_id(x, self.W, ignore_label=self.ignore_label)
