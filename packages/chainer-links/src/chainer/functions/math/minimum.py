"""Elementwise minimum of two variables: ``minimum``."""
from chainer.functions.math._pairwise_select import PairwiseSelect


class Minimum(PairwiseSelect):
    """Elementwise minimum; on ties the gradient goes to the first input."""

    selector = 'minimum'
    wins = 'less_equal'


def minimum(x1, x2):
    """Element-wise minimum of input variables.

    .. math:: y_i = \\min(x_{1,i}, x_{2,i}).

    Each output gradient flows to the input that was picked (to ``x1`` on ties).

    Args:
        x1 (~chainer.Variable): input variable to be compared.
        x2 (~chainer.Variable): input variable to be compared, of the shape and dtype
            of ``x1``.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Minimum()(x1, x2)
