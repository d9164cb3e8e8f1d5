"""Vertical (row-wise) concatenation: ``vstack``."""
from chainer.functions.array._promote import at_least
from chainer.functions.array.concat import Concat


def vstack(xs):
    """Concatenates variables vertically (row wise), as :func:`numpy.vstack`.

    Inputs with fewer than two dimensions are first viewed as rows ``(1, N)``.

    Args:
        xs (list of ~chainer.Variable): variables to be concatenated.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Concat(0)(*at_least(list(xs), 2))
