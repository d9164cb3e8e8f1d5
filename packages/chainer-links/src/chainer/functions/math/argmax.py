"""Index of the maximum: ``argmax``."""
from chainer.functions.math._arg_reduce import ArgReduce


class ArgMax(ArgReduce):
    """Index of the maximum over an axis (int32, not differentiable)."""

    reducer = 'argmax'


def argmax(x, axis=None):
    """Returns the index which holds the maximum of array elements over a given axis.

    The result is an int32 index: the function is not differentiable and
    backpropagation gives ``x`` no gradient, of any order (``chainer.grad``
    returns None for it).

    Args:
        x (~chainer.Variable): array to find the maximum elements of.
        axis (None or int): axis over which the search runs; None (the default)
            searches the flattened array.

    Returns:
        ~chainer.Variable: output variable of int32 indices.
    """
    return ArgMax(axis)(x)
