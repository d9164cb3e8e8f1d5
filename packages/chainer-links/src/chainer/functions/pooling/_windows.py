"""Window operations shared by the pooling functions, on strided views of the input.

A pooling window set is ``ksize`` taps per output position; the tap at kernel offset ``k``
of every window together is one strided view of the (padded) input, ``(n, c, out...)``
like the output. So each operation here is a loop over the ``prod(ksize)`` taps, each
step one vectorized elementwise operation on output-sized views: no patch array is built
and every operand keeps the input's memory layout (channels-last stays channels-last).

Windows with many taps (more than ``LOOP_TAPS``) would make that loop long, so they
go through one flattened ``(n, c, K, out...)`` window array instead (one im2col copy
and one reduction), or, when the windows tile the input exactly (stride equal to the
window and no padding), through a plain reshape of the input.

The operations are the window max (with its argmax, or alone), the window sum, and their
adjoints: spreading a value over its window, and selecting / scattering at one
position per window.
"""
import itertools

import numpy

from chainer import cuda
from chainer.utils import conv_nd

#: Windows with at most this many taps (less than 256) are reduced by a loop over the taps.
LOOP_TAPS = 16

_LEAD = (slice(None), slice(None))


def window_geometry(ndim, ksize, stride, pad):
    """Checks and expands the window arguments of an ``ndim``-d pooling function.

    Args:
        ndim: number of spatial axes (a positive int).
        ksize, stride, pad: an int or an ``ndim``-tuple each; ``stride`` None means
            ``ksize``.

    Returns:
        tuple: ``(ndim, ksize, stride, pad)`` with ``ndim`` an int and tuples of ints.

    Raises:
        ValueError: for a non-positive ``ndim``, ``ksize`` or ``stride`` or a negative
            ``pad``.
    """
    if int(ndim) < 1:
        raise ValueError('ndim must be a positive int, got {!r}'.format(ndim))
    ndim = int(ndim)
    ksize = conv_nd.as_tuple(ksize, ndim)
    stride = ksize if stride is None else conv_nd.as_tuple(stride, ndim)
    pad = conv_nd.as_tuple(pad, ndim)
    if min(ksize) < 1 or min(stride) < 1 or min(pad) < 0:
        raise ValueError('ksize and stride must be positive and pad non-negative, got '
                         'ksize={} stride={} pad={}'.format(ksize, stride, pad))
    return ndim, ksize, stride, pad


def n_taps(ksize):
    """Number of taps ``prod(ksize)`` of a window."""
    return int(numpy.prod(ksize))


def _taps(padded, ksize, stride, outs):
    # The (n, c, out...) view of every kernel offset, in flattened-window order.
    for offset in itertools.product(*[range(k) for k in ksize]):
        yield padded[_LEAD + tuple(slice(i, i + (o - 1) * s + 1, s)
                                   for i, o, s in zip(offset, outs, stride))]


def _input_taps(x, ksize, stride, pad, cover_all, pval):
    outs, lengths = conv_nd.out_sizes(x.shape[2:], ksize, stride, pad, cover_all)
    return _taps(conv_nd.pad_image(x, pad, lengths, pval), ksize, stride, outs)


def _flat_windows(x, ksize, stride, pad, cover_all, pval):
    # (n, c, K, out...): one im2col copy, for windows with many taps.
    col = conv_nd.im2col_nd(x, ksize, stride, pad, pval=pval, cover_all=cover_all)
    return col.reshape(col.shape[:2] + (-1,) + col.shape[2 + len(ksize):])


def tiles(dims, outs, ksize, stride, pad):
    """True when ``outs`` windows tile an image of spatial size ``dims`` exactly: no
    overlap, no gap, no padding."""
    return (tuple(stride) == tuple(ksize) and not any(pad) and
            all(o * k == d for d, o, k in zip(dims, outs, ksize)))


def _tile_view(x, ksize):
    # (n, c, o_1, k_1, ..., o_N, k_N) view of an input that the windows tile.
    shape = x.shape[:2]
    for d, k in zip(x.shape[2:], ksize):
        shape += (d // k, k)
    return x.reshape(shape)


def _tile_axes(nd):
    return tuple(range(3, 3 + 2 * nd, 2))


def window_max(x, ksize, stride, pad, cover_all):
    """Maximum of every window and the position of its first maximum.

    .. math:: y[n, c, o] = \\max_k x[n, c, o s + k - p]

    with ``-inf`` outside ``x``.

    Args:
        x: array ``(n, c, d...)``.
        ksize, stride, pad (tuples of ints): the windows.
        cover_all (bool): see :func:`chainer.utils.conv.get_conv_outsize`.

    Returns:
        tuple: ``y`` ``(n, c, out...)`` and the int32 ``indexes`` of the maxima as
        positions in the flattened window (row-major over ``ksize``).
    """
    xp = cuda.get_array_module(x)
    if n_taps(ksize) > LOOP_TAPS:
        windows = _flat_windows(x, ksize, stride, pad, cover_all, -numpy.inf)
        indexes = windows.argmax(axis=2).astype(numpy.int32)
        return select_flat(windows, indexes), indexes
    taps = _input_taps(x, ksize, stride, pad, cover_all, -numpy.inf)
    y = next(taps).copy(order='K')
    # uint8 while looping (LOOP_TAPS < 256): a quarter of the memory traffic of int32.
    indexes = xp.zeros_like(y, dtype=numpy.uint8)
    candidate = xp.empty_like(indexes)
    for tap, view in enumerate(taps, 1):
        # Taps come in increasing order, so max(indexes, tap * better) moves the index
        # exactly where this tap beats the running maximum (branch-free, unlike where).
        xp.multiply(view > y, numpy.uint8(tap), out=candidate)
        xp.maximum(indexes, candidate, out=indexes)
        xp.maximum(y, view, out=y)
    return y, indexes.astype(numpy.int32)


def window_max_values(x, ksize, stride, pad, cover_all):
    """Maximum of every window, without its position: the values of :func:`window_max`
    for half its work (one ``maximum`` per tap instead of four operations).

    Returns:
        array ``(n, c, out...)``.
    """
    if n_taps(ksize) > LOOP_TAPS:
        return _flat_windows(x, ksize, stride, pad, cover_all, -numpy.inf).max(axis=2)
    taps = _input_taps(x, ksize, stride, pad, cover_all, -numpy.inf)
    y = next(taps).copy(order='K')
    xp = cuda.get_array_module(x)
    for view in taps:
        xp.maximum(y, view, out=y)
    return y


def window_sum(x, ksize, stride, pad, cover_all):
    """Sum of every window (zeros outside ``x``).

    .. math:: y[n, c, o] = \\sum_k x[n, c, o s + k - p]

    Returns:
        array ``(n, c, out...)``.
    """
    if n_taps(ksize) > LOOP_TAPS:
        outs, _ = conv_nd.out_sizes(x.shape[2:], ksize, stride, pad, cover_all)
        if tiles(x.shape[2:], outs, ksize, stride, pad):
            return _tile_view(x, ksize).sum(axis=_tile_axes(len(ksize)))
        return _flat_windows(x, ksize, stride, pad, cover_all, 0).sum(axis=2)
    taps = _input_taps(x, ksize, stride, pad, cover_all, 0)
    y = next(taps).copy(order='K')
    for view in taps:
        y += view
    return y


def select_flat(windows, indexes):
    """Picks ``windows[n, c, indexes[n, c, o], o]`` from flattened windows ``(n, c, K, out...)``."""
    xp = cuda.get_array_module(windows)
    return xp.take_along_axis(windows, indexes[:, :, None].astype(numpy.intp), axis=2)[:, :, 0]


def select(x, indexes, ksize, stride, pad, cover_all):
    """The element of every window at its index (zero outside ``x``).

    .. math:: y[n, c, o] = x[n, c, o s + k(indexes[n, c, o]) - p]

    Returns:
        array ``(n, c, out...)`` (the shape of ``indexes``).
    """
    xp = cuda.get_array_module(x)
    if n_taps(ksize) > LOOP_TAPS:
        return select_flat(_flat_windows(x, ksize, stride, pad, cover_all, 0), indexes)
    y = None
    for tap, view in enumerate(_input_taps(x, ksize, stride, pad, cover_all, 0)):
        y = view.copy(order='K') if y is None else xp.where(indexes == tap, view, y)
    return y


def _zero_image(values, ksize, stride, pad, dims, channels_last, zero=True):
    # A zero padded image for the windows of `values` and the crop back to `dims`;
    # uninitialized with zero=False (for callers that write every position).
    xp = cuda.get_array_module(values)
    lengths = conv_nd.padded_lengths(values.shape[2:], ksize, stride, pad, dims)
    shape = values.shape[:2] + lengths
    if zero:
        img = conv_nd.empty_image(shape, values.dtype, channels_last, xp)
    elif channels_last:
        img = xp.moveaxis(xp.empty((shape[0],) + lengths + shape[1:2], values.dtype), -1, 1)
    else:
        img = xp.empty(shape, values.dtype)
    crop = _LEAD + tuple(slice(p, p + d) for p, d in zip(pad, dims))
    return img, crop


def spread(values, ksize, stride, pad, dims, channels_last=False):
    """Adds every value to each position of its window (the adjoint of :func:`window_sum`).

    .. math:: img[n, c, o s + k - p] \\mathrel{+}= values[n, c, o]

    Args:
        values: array ``(n, c, out...)``.
        ksize, stride, pad (tuples of ints): the windows.
        dims (tuple of ints): spatial size of the result.
        channels_last (bool): lay the result out channels-last in memory (the operands
            are brought to that layout first).

    Returns:
        array ``(n, c, dims...)``.
    """
    img, crop = _zero_image(values, ksize, stride, pad, dims, channels_last)
    values = conv_nd.to_layout(values, channels_last)
    outs = values.shape[2:]
    if n_taps(ksize) > LOOP_TAPS and tiles(dims, outs, ksize, stride, pad):
        # One broadcast write into the (n, c, o_1, k_1, ...) view of the image.
        expand = values.shape[:2]
        for o in outs:
            expand += (o, 1)
        _tile_view(img, ksize)[...] = values.reshape(expand)
        return img
    for view in _taps(img, ksize, stride, outs):
        view += values
    return img[crop]


def scatter(values, indexes, ksize, stride, pad, dims, channels_last=False):
    """Adds every value at the indexed position of its window (the adjoint of
    :func:`select`, and the gradient of :func:`window_max`).

    .. math:: img[n, c, o s + k(indexes[n, c, o]) - p] \\mathrel{+}= values[n, c, o]

    Non-finite ``values`` also reach the other positions of their window as NaN (the
    adds are branch-free products with a 0/1 mask).

    Args:
        values: array ``(n, c, out...)``.
        indexes: integer array of ``values``' shape, positions in the flattened window.
        ksize, stride, pad (tuples of ints): the windows.
        dims (tuple of ints): spatial size of the result.
        channels_last (bool): lay the result out channels-last in memory (the operands
            are brought to that layout first).

    Returns:
        array ``(n, c, dims...)``.
    """
    xp = cuda.get_array_module(values)
    disjoint = all(s >= k for s, k in zip(stride, ksize))
    # Windows that tile the image write every position once: no zero fill needed.
    covered = tiles(dims, values.shape[2:], ksize, stride, pad)
    img, crop = _zero_image(values, ksize, stride, pad, dims, channels_last,
                            zero=not covered)
    values = conv_nd.to_layout(values, channels_last)
    indexes = conv_nd.to_layout(indexes, channels_last)
    for tap, view in enumerate(_taps(img, ksize, stride, values.shape[2:])):
        if disjoint:
            # Each image position belongs to one window at most: write, don't add.
            xp.multiply(values, indexes == tap, out=view)
        else:
            view += values * (indexes == tap)
    return img[crop]
