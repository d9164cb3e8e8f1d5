"""Inverse of a square matrix: ``inv``."""
from chainer.functions.math._matrix_inverse import MatrixInverse

# Chainer v1 defined ``batch_inv`` in this module, and v1 code imports it from here.
from chainer.functions.math.batch_inv import BatchInv  # noqa: F401
from chainer.functions.math.batch_inv import batch_inv  # noqa: F401


class Inv(MatrixInverse):
    """Inverse of one ``(n, n)`` matrix."""

    ndim = 2


def inv(a):
    """Computes the inverse of a square matrix.

    .. math:: Y = A^{-1}, \\qquad \\frac{\\partial L}{\\partial A} =
        -Y^\\top \\frac{\\partial L}{\\partial Y} Y^\\top.

    Args:
        a (~chainer.Variable): input array of shape ``(n, n)``.

    Returns:
        ~chainer.Variable: the matrix inverse of ``a``.

    Raises:
        numpy.linalg.LinAlgError: when ``a`` is singular.
    """
    return Inv()(a)
