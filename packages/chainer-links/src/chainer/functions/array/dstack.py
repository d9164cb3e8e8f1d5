"""Depth-wise (third axis) concatenation: ``dstack``."""
from chainer.functions.array._promote import at_least
from chainer.functions.array.concat import Concat


def dstack(xs):
    """Concatenates variables along the third axis, as :func:`numpy.dstack`.

    Inputs are first promoted as by :func:`numpy.atleast_3d`: ``(N,)`` becomes
    ``(1, N, 1)`` and ``(M, N)`` becomes ``(M, N, 1)``.

    Args:
        xs (list of ~chainer.Variable): variables to be concatenated.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Concat(2)(*at_least(list(xs), 3))
