"""N-dimensional im2col/col2im: the one patch extraction behind every convolution.

``im2col_nd`` builds a strided view of the (padded) input that already has the patch shape
and copies it once into a C-contiguous buffer laid out so that a convolution is one plain
2-d GEMM on it, with ``n * prod(out)`` rows (output positions) and ``c * prod(k)``
columns. The buffer follows the input's memory layout, so that the copy reads memory in
long runs:

- channels-last input (``c`` the fastest axis in memory, e.g. a GEMM output seen as
  ``(n, c, d...)``): buffer ``(n, out..., k..., c)``, a C-ordered row matrix;
- otherwise (e.g. C-contiguous ``(n, c, d...)``): buffer ``(c, k..., n, out...)``, the
  same matrix in Fortran order (runs of whole output rows; BLAS takes it transposed).

Either way the caller gets the ``(n, c, k..., out...)`` view of that buffer, and
:func:`col_rows` gives back the 2-d matrix without a copy.
``col2im_nd`` is the adjoint: it adds each kernel offset's slab into a zero image, one
vectorized add per kernel offset (a loop over the ``prod(k)`` offsets only).

Both work on numpy and GPU arrays (``xp.lib.stride_tricks.as_strided``).
"""
import itertools

import numpy

from chainer import cuda
from chainer.utils import conv
from chainer.utils._errors import ArgumentAssertionError
from chainer.utils.conv import get_conv_outsize  # noqa: F401 (v1 exported it here)


def as_tuple(x, n):
    """Returns ``x`` as a tuple of ``n`` ints; an int is repeated ``n`` times.

    Raises:
        ValueError: when a sequence of another length is given.
    """
    if isinstance(x, (tuple, list)) or (isinstance(x, numpy.ndarray) and x.ndim == 1):
        t = tuple(int(v) for v in x)
        if len(t) != n:
            # also an AssertionError: v1 checked the length with an assert
            raise ArgumentAssertionError(
                'expected an int or a tuple of {} ints, got {!r}'.format(n, x))
        return t
    return (int(x),) * n


def _extent(o, k, s, d):
    # Number of padded input positions that the windows read along one axis.
    return (o - 1) * s + (k - 1) * d + 1


def is_channels_last(a):
    """True when the channel axis (axis 1) of ``a`` is its fastest axis in memory.

    Such an array is a C-contiguous ``(n, d..., c)`` buffer seen as ``(n, c, d...)``, e.g.
    the output of a convolution, which is one GEMM with channels as its columns.
    """
    if a.ndim < 3 or a.shape[1] == 1:
        return False
    return min(a.strides[2:]) > a.strides[1]


def to_layout(a, channels_last):
    """Returns ``a`` (``(n, c, d...)``) C-contiguous, or channels-last when asked.

    ``a`` itself when it has that layout already, else one copy. Elementwise operations
    on operands of different layouts walk one of them against its memory order, which
    costs several times a copy.
    """
    xp = cuda.get_array_module(a)
    if channels_last:
        return xp.moveaxis(xp.ascontiguousarray(xp.moveaxis(a, 1, -1)), -1, 1)
    return xp.ascontiguousarray(a)


def empty_image(shape, dtype, channels_last, xp, fill=None):
    """Allocates an ``(n, c, d...)`` image, channels-last in memory when asked.

    Args:
        shape (tuple of ints): the logical shape ``(n, c, d...)``.
        dtype: element type.
        channels_last (bool): lay it out as a C-contiguous ``(n, d..., c)`` buffer.
        xp: numpy or cupy.
        fill: None for zeros, else the fill value.

    Returns:
        array of ``shape`` with the requested memory layout.
    """
    if channels_last:
        buf_shape = (shape[0],) + tuple(shape[2:]) + (shape[1],)
    else:
        buf_shape = tuple(shape)
    if fill is None:
        buf = xp.zeros(buf_shape, dtype=dtype)
    else:
        buf = xp.full(buf_shape, fill, dtype=dtype)
    return xp.moveaxis(buf, -1, 1) if channels_last else buf


def pad_image(img, before, lengths, pval):
    """Returns ``img`` inside a ``pval`` border, in ``img``'s memory layout.

    Args:
        img: array ``(n, c, d...)``.
        before (tuple of ints): border width before each spatial axis.
        lengths (tuple of ints): spatial size of the result (at least
            ``before + d`` per axis; the rest is border after the image).
        pval: value of the border.

    Returns:
        ``img`` itself when there is no border, else a new array ``(n, c, lengths...)``.
    """
    dims = img.shape[2:]
    if not any(before) and tuple(lengths) == tuple(dims):
        return img
    xp = cuda.get_array_module(img)
    padded = empty_image(img.shape[:2] + tuple(lengths), img.dtype, is_channels_last(img),
                         xp, fill=pval)
    inner = tuple(slice(p, p + d) for p, d in zip(before, dims))
    padded[(slice(None), slice(None)) + inner] = img
    return padded


def padded_lengths(outs, ksize, stride, pad, dims, dilate=None):
    """Spatial size of the padded image that ``outs`` windows read from.

    ``pad`` before each axis, and after it at least ``pad`` and as much as the last window
    reaches (``cover_all`` windows may reach past ``d + 2 pad``).

    Returns:
        tuple of ints: ``max((o - 1) s + (k - 1) dl + 1, d + 2p)`` per axis.
    """
    dilate = dilate or (1,) * len(outs)
    return tuple(max(_extent(o, k, s, dl), d + 2 * p)
                 for o, k, s, dl, d, p in zip(outs, ksize, stride, dilate, dims, pad))


def out_sizes(dims, ksize, stride, pad, cover_all=False, dilate=None):
    """Output sizes of windows over ``dims``, and the padded lengths that they read.

    Returns:
        tuple: ``(outs, lengths)``: the output size per axis and
        :func:`padded_lengths` of them.

    Raises:
        ValueError: when the output size would be empty; it is also an AssertionError
            whose message ends as v1's assertion did ('Height in the output should be
            positive.' for the first axis of two, 'Width ...' for the second).
    """
    dilate = dilate or (1,) * len(dims)
    outs = tuple(conv.get_conv_outsize(d, k, s, p, cover_all, dl)
                 for d, k, s, p, dl in zip(dims, ksize, stride, pad, dilate))
    empty = [i for i, o in enumerate(outs) if o <= 0]
    if empty:
        raise ArgumentAssertionError(
            'input of spatial size {} is too small for ksize={}, stride={}, pad={}, '
            'dilate={}: {} in the output should be positive.'.format(
                tuple(dims), ksize, stride, pad, dilate, _axis_name(empty[0], len(dims))))
    return outs, padded_lengths(outs, ksize, stride, pad, dims, dilate)


def _axis_name(axis, ndim):
    """v1's name of a spatial axis in its messages: Height and Width of 2-d images."""
    if ndim == 2:
        return ('Height', 'Width')[axis]
    return 'Axis {}'.format(axis)


def channel_minor_to_col(patches, nd):
    """Returns the ``(n, c, k..., out...)`` column view of an ``(n, out..., k..., c)`` array.

    Args:
        patches: array ``(n, out_1..out_N, k_1..k_N, c)`` (e.g. a GEMM's rows).
        nd (int): number of spatial axes ``N``.
    """
    axes = (0, 2 * nd + 1) + tuple(range(nd + 1, 2 * nd + 1)) + tuple(range(1, nd + 1))
    return patches.transpose(axes)


def col_row_axes(col):
    """Axis order of ``col`` ``(n, c, k..., out...)`` that lists it as GEMM rows.

    Returns:
        tuple: ``(n, out..., k..., c)`` for a channels-last column buffer, else
        ``(n, out..., c, k...)``.
    """
    nd = (col.ndim - 2) // 2
    k_axes = tuple(range(2, nd + 2))
    out_axes = tuple(range(nd + 2, 2 * nd + 2))
    if col.strides[1] < min(col.strides[2:nd + 2]):
        return (0,) + out_axes + k_axes + (1,)
    return (0,) + out_axes + (1,) + k_axes


def col_rows(col):
    """The 2-d ``(n * prod(out), c * prod(k))`` matrix of a column array.

    A view (no copy; C- or Fortran-ordered) for the buffers of :func:`im2col_nd`; its
    column order is the one of :func:`col_row_axes`.
    """
    nd = (col.ndim - 2) // 2
    rows = 1
    for v in col.shape[:1] + col.shape[nd + 2:]:
        rows *= v
    return col.transpose(col_row_axes(col)).reshape(rows, -1)


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
        C-contiguous ``(c, k..., n, out...)`` buffer, or ``(n, out..., k..., c)`` when
        ``img`` is channels-last (see :func:`is_channels_last`, :func:`col_rows`).

    Raises:
        ValueError: when the output size would be empty.
    """
    xp = cuda.get_array_module(img)
    nd = img.ndim - 2
    ksize, stride, pad, dilate = [as_tuple(v, nd) for v in (ksize, stride, pad, dilate)]
    outs, lengths = out_sizes(img.shape[2:], ksize, stride, pad, cover_all, dilate)
    padded = pad_image(img, pad, lengths, pval)
    st = padded.strides
    out_strides = tuple(st[2 + i] * stride[i] for i in range(nd))
    k_strides = tuple(st[2 + i] * dilate[i] for i in range(nd))
    n, c = img.shape[:2]
    if is_channels_last(padded):
        shape = (n,) + outs + ksize + (c,)
        strides = (st[0],) + out_strides + k_strides + (st[1],)
        view = xp.lib.stride_tricks.as_strided(padded, shape=shape, strides=strides)
        return channel_minor_to_col(xp.ascontiguousarray(view), nd)
    # Channel-major buffer (c, k..., n, out...): the copy reads whole output rows.
    shape = (c,) + ksize + (n,) + outs
    strides = (st[1],) + k_strides + (st[0],) + out_strides
    view = xp.lib.stride_tricks.as_strided(padded, shape=shape, strides=strides)
    axes = (nd + 1, 0) + tuple(range(1, nd + 1)) + tuple(range(nd + 2, 2 * nd + 2))
    return xp.ascontiguousarray(view).transpose(axes)


def offset_target(offset, outs, stride, dilate):
    """Slices of the padded image that kernel offset ``offset`` of every window reads.

    Args:
        offset (tuple of ints): the kernel offset ``(i_1, ..., i_N)``.
        outs, stride, dilate (tuples of ints): output sizes, strides and dilations.

    Returns:
        tuple of slices: ``i d : i d + (o - 1) s + 1 : s`` per spatial axis.
    """
    return tuple(slice(i * dl, i * dl + (o - 1) * s + 1, s)
                 for i, dl, o, s in zip(offset, dilate, outs, stride))


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
        array of shape ``(n, c, d_1, ..., d_N)``; channels-last in memory when ``col`` has
        the channels as its fastest axis (then every add walks both operands in memory
        order).
    """
    xp = cuda.get_array_module(col)
    nd = (col.ndim - 2) // 2
    stride, pad, dilate, dims = [as_tuple(v, nd) for v in (stride, pad, dilate, dims)]
    ksize = col.shape[2:2 + nd]
    outs = col.shape[2 + nd:]
    lengths = padded_lengths(outs, ksize, stride, pad, dims, dilate)
    channels_last = col.shape[1] > 1 and col.strides[1] < col.strides[-1]
    img = empty_image(col.shape[:2] + lengths, col.dtype, channels_last, xp)
    lead = (slice(None), slice(None))
    # One vectorized add per kernel offset: windows of one offset never overlap.
    for offset in itertools.product(*[range(k) for k in ksize]):
        img[lead + offset_target(offset, outs, stride, dilate)] += col[lead + offset]
    return img[lead + tuple(slice(p, p + d) for p, d in zip(pad, dims))]


# v1's device-specific names: the array-generic functions above serve both devices
# (their signatures extend v1's, except im2col_nd_gpu, which took no pval).
im2col_nd_cpu = im2col_nd
col2im_nd_cpu = col2im_nd_gpu = col2im_nd


def im2col_nd_gpu(img, ksize, stride, pad, cover_all=False):
    """v1's name of :func:`im2col_nd` for GPU arrays (padding with zeros)."""
    return im2col_nd(img, ksize, stride, pad, cover_all=cover_all)
