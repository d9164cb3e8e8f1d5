"""Inverse of a batch of square matrices: ``batch_inv``."""
from chainer.functions.math._matrix_inverse import MatrixInverse


class BatchInv(MatrixInverse):
    """Inverse of each ``(n, n)`` matrix of an ``(m, n, n)`` batch."""

    ndim = 3


def batch_inv(a):
    """Computes the inverse of a batch of square matrices.

    .. math:: Y_k = A_k^{-1}, \\qquad \\frac{\\partial L}{\\partial A_k} =
        -Y_k^\\top \\frac{\\partial L}{\\partial Y_k} Y_k^\\top.

    Args:
        a (~chainer.Variable): input array of shape ``(m, n, n)``: ``m`` matrices of
            dimension ``n``.

    Returns:
        ~chainer.Variable: the inverse of every matrix in the batch.

    Raises:
        numpy.linalg.LinAlgError: when a matrix of the batch is singular.
    """
    return BatchInv()(a)
