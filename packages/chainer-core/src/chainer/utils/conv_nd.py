"""N-dimensional im2col/col2im: the one patch extraction behind every convolution and pooling.

``im2col_nd`` builds a strided view of the padded input that already has the patch shape and
copies it once into a buffer laid out as ``(n, out_1..out_N, c, k_1..k_N)``; it returns the
``(n, c, k..., out...)`` transposed view of that buffer. A GEMM that contracts
``(c, k...)`` (``tensordot`` over those axes) then reshapes the buffer without another copy.
``col2im_nd`` is the adjoint: it adds each kernel offset's slab into the image, a loop over the
``prod(k)`` kernel offsets, each step vectorized over batch, channels and output positions.

Both work on numpy and GPU arrays (``xp.lib.stride_tricks.as_strided``).
"""
import itertools

import numpy

from chainer import cuda
from chainer.utils import conv


def as_tuple(x, n):
    """Returns ``x`` as a tuple of ``n`` ints; an int is repeated ``n`` times.

    Raises:
        ValueError: when a sequence of another length is given.
    """
    if isinstance(x, (tuple, list)) or (isinstance(x, numpy.ndarray) and x.ndim == 1):
        t = tuple(int(v) for v in x)
        if len(t) != n:
            raise ValueError('expected an int or a tuple of {} ints, got {!r}'.format(n, x))
        return t
    return (int(x),) * n


def _extent(o, k, s, d):
    # Number of padded input positions that the windows read along one axis.
    return (o - 1) * s + (k - 1) * d + 1


def patches_to_col(patches, nd):
    """Returns the ``(n, c, k..., out...)`` view of a ``(n, out..., c, k...)`` patch array."""
    axes = (0, nd + 1) + tuple(range(nd + 2, 2 * nd + 2)) + tuple(range(1, nd + 1))
    return patches.transpose(axes)


def im2col_nd(img, ksize, stride, pad, pval=0, cover_all=False, dilate=1):
    """Extracts the n-d patches of ``img`` into a column array.

    .. math::

        col[b, c, i_1, ..., i_N, j_1, ..., j_N] =
            img[b, c, j_1 s_1 + i_1 d_1 - p_1, ..., j_N s_N + i_N d_N - p_N]

    with ``pval`` outside the image.

    Args:
        img: array of shape ``(n, c, d_1, ..., d_N)``.
        ksize, stride, pad, dilate (int or tuple of ints): kernel size, stride, padding
            and dilation per spatial axis.
        pval: value of the padded locations (e.g. ``-inf`` for max pooling).
        cover_all (bool): see :func:`chainer.utils.conv.get_conv_outsize`.

    Returns:
        array of shape ``(n, c, k_1..k_N, out_1..out_N)``: a transposed view of a
        C-contiguous ``(n, out..., c, k...)`` buffer.

    Raises:
        ValueError: when the output size would be empty.
    """
    xp = cuda.get_array_module(img)
    nd = img.ndim - 2
    ksize, stride, pad, dilate = [as_tuple(v, nd) for v in (ksize, stride, pad, dilate)]
    dims = img.shape[2:]
    outs = tuple(conv.get_conv_outsize(d, k, s, p, cover_all, dl)
                 for d, k, s, p, dl in zip(dims, ksize, stride, pad, dilate))
    if any(o <= 0 for o in outs):
        raise ValueError('input of spatial size {} is too small for ksize={}, stride={}, '
                         'pad={}, dilate={}'.format(dims, ksize, stride, pad, dilate))
    extents = [_extent(o, k, s, dl) for o, k, s, dl in zip(outs, ksize, stride, dilate)]
    if any(pad) or any(e > d for e, d in zip(extents, dims)):
        lengths = [max(e, d + 2 * p) for e, d, p in zip(extents, dims, pad)]
        padded = xp.full(img.shape[:2] + tuple(lengths), pval, dtype=img.dtype)
        inner = tuple(slice(p, p + d) for p, d in zip(pad, dims))
        padded[(slice(None), slice(None)) + inner] = img
    else:
        padded = img
    st = padded.strides
    shape = (img.shape[0],) + outs + (img.shape[1],) + ksize
    strides = ((st[0],) + tuple(st[2 + i] * stride[i] for i in range(nd)) + (st[1],) +
               tuple(st[2 + i] * dilate[i] for i in range(nd)))
    view = xp.lib.stride_tricks.as_strided(padded, shape=shape, strides=strides)
    return patches_to_col(xp.ascontiguousarray(view), nd)


def col2im_nd(col, stride, pad, dims, dilate=1):
    """Sums a column array back into an image: the adjoint of :func:`im2col_nd`.

    .. math::

        img[b, c, j_1 s_1 + i_1 d_1 - p_1, ...] \\mathrel{+}= col[b, c, i_1, ..., j_1, ...]

    Args:
        col: array of shape ``(n, c, k_1..k_N, out_1..out_N)`` (any strides, broadcast
            views included).
        stride, pad, dilate (int or tuple of ints): as in :func:`im2col_nd`.
        dims (tuple of ints): the spatial size ``(d_1, ..., d_N)`` of the image.

    Returns:
        array of shape ``(n, c, d_1, ..., d_N)``.
    """
    xp = cuda.get_array_module(col)
    nd = (col.ndim - 2) // 2
    stride, pad, dilate, dims = [as_tuple(v, nd) for v in (stride, pad, dilate, dims)]
    ksize = col.shape[2:2 + nd]
    outs = col.shape[2 + nd:]
    lengths = [max(_extent(o, k, s, dl), d + 2 * p)
               for o, k, s, dl, d, p in zip(outs, ksize, stride, dilate, dims, pad)]
    if col.strides[1] < col.strides[-1]:
        # Channels-last patches (the GEMM output): accumulate into a channels-last
        # buffer too, so that both operands of every add are walked along memory.
        img = xp.moveaxis(xp.zeros(col.shape[:1] + tuple(lengths) + col.shape[1:2],
                                   dtype=col.dtype), -1, 1)
    else:
        img = xp.zeros(col.shape[:2] + tuple(lengths), dtype=col.dtype)
    lead = (slice(None), slice(None))
    # One vectorized add per kernel offset: windows of one offset never overlap.
    for offset in itertools.product(*[range(k) for k in ksize]):
        target = tuple(slice(i * dl, i * dl + (o - 1) * s + 1, s)
                       for i, dl, o, s in zip(offset, dilate, outs, stride))
        img[lead + target] += col[lead + offset]
    return img[lead + tuple(slice(p, p + d) for p, d in zip(pad, dims))]


# The implementations are array-generic, so the device-specific names are the same.
im2col_nd_cpu = im2col_nd_gpu = im2col_nd
col2im_nd_cpu = col2im_nd_gpu = col2im_nd
