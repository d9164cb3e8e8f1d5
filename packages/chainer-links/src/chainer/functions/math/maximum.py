"""Elementwise maximum of two variables: ``maximum``."""
from chainer.functions.math._pairwise_select import PairwiseSelect


class Maximum(PairwiseSelect):
    """Elementwise maximum; on ties the gradient goes to the first input."""

    selector = 'maximum'
    wins = 'greater_equal'


def maximum(x1, x2):
    """Element-wise maximum of input variables.

    .. math:: y_i = \\max(x_{1,i}, x_{2,i}).

    Each output gradient flows to the input that was picked (to ``x1`` on ties).

    Args:
        x1 (~chainer.Variable): input variable to be compared.
        x2 (~chainer.Variable): input variable to be compared, of the shape and dtype
            of ``x1``.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Maximum()(x1, x2)
