"""The GEMMs of a convolution on the GPU, on the library's channels-first column arrays.

The kernels ``im2col_nd``/``col2im_nd`` (``chainer.cuda.kernel``) produce and consume
C-contiguous columns ``(n, c, k..., out...)``; seen as ``(n, c K, P)`` (``K = prod(k)``,
``P = prod(out)``) every product of a (de)convolution is a batched GEMM whose result is
already channels-first, so no transposing copy is made:

.. math::

    y[n] = W_2 \\cdot col[n], \\quad gcol[n] = W_2^T \\cdot gy[n], \\quad
    gW_2 = \\sum_n gy[n] \\cdot col[n]^T

with ``W_2`` the filters ``(m, c, k...)`` as an ``(m, c K)`` matrix.
"""
from chainer import cuda


def filter_product(w_mat, a):
    """Multiplies every sample of ``a`` by a filter matrix (one batched GEMM).

    Args:
        w_mat: matrix ``(r, q)``.
        a: array ``(n, ...)`` whose sample ``a[n]`` holds ``q`` rows of ``P`` elements
            (``(n, q, spatial...)`` or a column array ``(n, c, k..., out...)``).

    Returns:
        array ``(n, r, P)``: ``w_mat · a[n]`` for every ``n``.
    """
    xp = cuda.get_array_module(a)
    return xp.matmul(w_mat, a.reshape(a.shape[0], w_mat.shape[1], -1))


def filter_grad(a, col):
    """Gradient of the filter matrix: :math:`\\sum_n a[n] \\cdot col[n]^T`.

    Args:
        a: array ``(n, m, spatial...)`` with ``P`` spatial elements per channel.
        col: array ``(n, ...)`` of ``P`` columns per sample (``(n, c, k..., out...)``).

    Returns:
        matrix ``(m, prod(col.shape[1:]) / P)``.
    """
    xp = cuda.get_array_module(a)
    a3 = a.reshape(a.shape[0], a.shape[1], -1)
    col3 = col.reshape(col.shape[0], -1, a3.shape[2])
    return xp.tensordot(a3, col3, axes=((0, 2), (0, 2)))


def channel_sum(a):
    """Sum of ``a`` ``(n, m, spatial...)`` over every axis but the channels: ``(m,)``."""
    return a.reshape(a.shape[0], a.shape[1], -1).sum(axis=(0, 2))
