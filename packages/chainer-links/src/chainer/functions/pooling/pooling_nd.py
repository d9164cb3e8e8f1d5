"""Base of the n-d pooling functions and the window primitives they share.

Every pooling function sees its input through :func:`chainer.utils.conv_nd.im2col_nd`
(one copy of a strided view) and sends gradients back through
:func:`chainer.utils.conv_nd.col2im_nd`. The primitives here express the three window
operations on top of them: reduce each window, spread a value over each window, and
scatter a value to one selected position of each window.
"""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import conv_nd
from chainer.utils import type_check


class PoolingND(function.Function):
    """Base of the n-d pooling functions (max and average).

    Args:
        ndim (int): number of spatial dimensions.
        ksize (int or tuple of ints): window size.
        stride (int, tuple of ints or None): window stride; None means ``ksize``.
        pad (int or tuple of ints): padding on each side.
        cover_all (bool): see :func:`chainer.utils.conv.get_conv_outsize`.
        use_cudnn (bool): accepted for compatibility.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, use_cudnn=True):
        if int(ndim) < 1:
            raise ValueError('ndim must be a positive int, got {!r}'.format(ndim))
        self.ndim = int(ndim)
        self.ksize = conv_nd.as_tuple(ksize, self.ndim)
        self.stride = self.ksize if stride is None else conv_nd.as_tuple(stride, self.ndim)
        self.pad = conv_nd.as_tuple(pad, self.ndim)
        if min(self.ksize) < 1 or min(self.stride) < 1 or min(self.pad) < 0:
            raise ValueError('ksize and stride must be positive and pad non-negative, got '
                             'ksize={} stride={} pad={}'.format(self.ksize, self.stride,
                                                                self.pad))
        self.cover_all = cover_all
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2 + self.ndim,
        )

    def _windows(self, x, pval):
        """Returns the windows of ``x`` as ``(n, c, prod(ksize), out...)`` (a view of the
        im2col buffer)."""
        col = conv_nd.im2col_nd(x, self.ksize, self.stride, self.pad, pval=pval,
                                cover_all=self.cover_all)
        return flatten_windows(col, self.ndim)


def flatten_windows(col, nd):
    """Merges the kernel axes of a ``(n, c, k..., out...)`` column array into one."""
    return col.reshape(col.shape[:2] + (-1,) + col.shape[2 + nd:])


def spread(values, ksize, stride, pad, dims):
    """Adds every value to each position of its window (the adjoint of a window sum).

    .. math:: img[n, c, o s + k - p] \\mathrel{+}= values[n, c, o]

    Args:
        values: array ``(n, c, out...)``.
        ksize, stride, pad (tuples of ints): the windows.
        dims (tuple of ints): spatial size of the result.

    Returns:
        array ``(n, c, dims...)``.
    """
    xp = cuda.get_array_module(values)
    nd = len(ksize)
    shape = values.shape[:2] + tuple(ksize) + values.shape[2:]
    col = xp.broadcast_to(values.reshape(values.shape[:2] + (1,) * nd + values.shape[2:]),
                          shape)
    return conv_nd.col2im_nd(col, stride, pad, dims)


def select(windows, indexes):
    """Picks one element per window: ``windows[n, c, indexes[n, c, o], o]``.

    Args:
        windows: array ``(n, c, K, out...)`` (see :func:`flatten_windows`).
        indexes: integer array ``(n, c, out...)`` of positions in ``[0, K)``.
    """
    xp = cuda.get_array_module(windows)
    return xp.take_along_axis(windows, indexes[:, :, None], axis=2)[:, :, 0]


def scatter(values, indexes, ksize, stride, pad, dims):
    """Adds each value to the selected position of its window (the adjoint of
    :func:`select` on im2col windows).

    .. math:: img[n, c, o s + k(indexes[n, c, o]) - p] \\mathrel{+}= values[n, c, o]

    Returns:
        array ``(n, c, dims...)``.
    """
    xp = cuda.get_array_module(values)
    nd = len(ksize)
    n_taps = int(numpy.prod(ksize))
    taps = xp.arange(n_taps).reshape((1, 1, n_taps) + (1,) * nd)
    # A one-hot window array: array-generic, and the same size as the forward's im2col.
    col = xp.where(taps == indexes[:, :, None], values[:, :, None],
                   xp.zeros((), dtype=values.dtype))
    col = col.reshape(values.shape[:2] + tuple(ksize) + values.shape[2:])
    return conv_nd.col2im_nd(col, stride, pad, dims)
