"""The three GEMMs of a convolution, shared by convolution and deconvolution (n-d).

A convolution's forward, its weight gradient and its input gradient are each one
``tensordot`` (one BLAS call) on the column array of :func:`chainer.utils.conv_nd.im2col_nd`;
a deconvolution is the same three products with the roles of forward and input gradient
swapped.
"""
from chainer import cuda
from chainer.utils import conv_nd
from chainer.utils import type_check


def correlate(col, W):
    """Channels-last correlation of patches with filters.

    .. math:: y[n, o..., m] = \\sum_{c, k...} col[n, c, k..., o...] W[m, c, k...]

    Args:
        col: column array ``(n, c, k..., out...)``.
        W: filters ``(m, c, k...)``.

    Returns:
        C-contiguous array ``(n, out..., m)``.
    """
    xp = cuda.get_array_module(col)
    axes = tuple(range(1, W.ndim))
    return xp.tensordot(col, W, (axes, axes))


def weight_grad(a, col):
    """Gradient of a correlation with respect to its filters.

    .. math:: g[m, c, k...] = \\sum_{n, o...} a[n, m, o...] col[n, c, k..., o...]

    Args:
        a: array ``(n, m, out...)`` (the output gradient of a convolution, or the input of
            a deconvolution).
        col: column array ``(n, c, k..., out...)``.

    Returns:
        array ``(m, c, k...)``.
    """
    xp = cuda.get_array_module(a)
    nd = a.ndim - 2
    a_axes = (0,) + tuple(range(2, nd + 2))
    col_axes = (0,) + tuple(range(nd + 2, 2 * nd + 2))
    return xp.tensordot(a, col, (a_axes, col_axes))


def transposed_correlate(a, W, stride, pad, dims, dilate=1):
    """Adjoint of :func:`correlate` followed by im2col: spreads ``a`` through the filters.

    .. math::
        img[n, c, o s + k d - p] \\mathrel{+}= \\sum_m a[n, m, o...] W[m, c, k...]

    This is a convolution's input gradient and a deconvolution's forward.

    Args:
        a: array ``(n, m, out...)``.
        W: filters ``(m, c, k...)``.
        stride, pad, dilate: as in :func:`chainer.utils.conv_nd.im2col_nd`.
        dims (tuple of ints): spatial size of the result.

    Returns:
        array ``(n, c, dims...)``.
    """
    xp = cuda.get_array_module(a)
    patches = xp.tensordot(a, W, (1, 0))  # (n, out..., c, k...)
    col = conv_nd.patches_to_col(patches, a.ndim - 2)
    return conv_nd.col2im_nd(col, stride, pad, dims, dilate=dilate)


def check_types(in_types, nd, in_axis):
    """Type check of ``(x, W[, b])`` for an ``nd``-dimensional (de)convolution.

    ``x`` is ``(n, c_I, d...)``, ``W`` has ``c_I`` on axis ``in_axis`` (1 for convolution,
    0 for deconvolution) and the output channels on the other of its first two axes, and
    ``b`` (optional) is a vector of output-channel length; all share one float dtype.
    """
    n_in = in_types.size()
    type_check.expect(2 <= n_in, n_in <= 3)
    x_type, w_type = in_types[:2]
    type_check.expect(
        x_type.dtype.kind == 'f',
        w_type.dtype == x_type.dtype,
        x_type.ndim == nd + 2,
        w_type.ndim == nd + 2,
        x_type.shape[1] == w_type.shape[in_axis],
    )
    if type_check.eval(n_in) == 3:
        b_type = in_types[2]
        type_check.expect(
            b_type.dtype == x_type.dtype,
            b_type.ndim == 1,
            b_type.shape[0] == w_type.shape[1 - in_axis],
        )
