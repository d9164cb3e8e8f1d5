"""Horizontal (column-wise) concatenation: ``hstack``."""
from chainer.functions.array._promote import at_least
from chainer.functions.array.concat import Concat


def hstack(xs):
    """Concatenates variables horizontally (column wise), as :func:`numpy.hstack`.

    One-dimensional inputs are concatenated along axis 0, others along axis 1
    (0-d inputs are treated as 1-d).

    Args:
        xs (list of ~chainer.Variable): variables to be concatenated.

    Returns:
        ~chainer.Variable: output variable.
    """
    xs = at_least(list(xs), 1)
    axis = 0 if xs and xs[0].ndim == 1 else 1
    return Concat(axis)(*xs)
