"""The three GEMMs of a convolution, shared by convolution and deconvolution (n-d).

Every product is a plain 2-d matrix multiplication (BLAS) on row matrices whose rows are the
``n * prod(out)`` output positions:

- the column array of :func:`chainer.utils.conv_nd.im2col_nd` as ``(n*P, c*K)`` rows
  (:func:`chainer.utils.conv_nd.col_rows`, a view);
- a feature map ``a`` of shape ``(n, m, out...)`` as ``(n*P, m)`` rows (:func:`rows`, a view
  when ``a`` is channels-last in memory, as the outputs of these GEMMs are);
- the filters ``W`` ``(m, c, k...)`` as an ``(m, c*K)`` matrix whose columns follow the
  column array's order (a small copy when that order is ``(k..., c)``).

With those, forward is ``rows(y) = col_rows · W2ᵀ``, the filter gradient is
``gW2 = rows(gy)ᵀ · col_rows``, and the patch gradient ``rows(gy) · W2`` goes back into the
input gradient by col2im (:func:`transposed_correlate`).
"""
import itertools

import numpy

from chainer import cuda
from chainer.functions import _type_checks
from chainer.utils import conv_nd


def rows(a):
    """The ``(n * prod(out), m)`` matrix of a feature map ``a`` ``(n, m, out...)``.

    A view when ``a`` is channels-last in memory, otherwise one copy.
    """
    xp = cuda.get_array_module(a)
    return xp.moveaxis(a, 1, -1).reshape(-1, a.shape[1])


def bias_grad(a_rows):
    """Column sums of a row matrix ``(n*P, m)``: the bias gradient ``sum_{n,o} gy[n, m, o]``.

    A BLAS matrix-vector product with a vector of ones: several times faster than numpy's
    axis-0 sum of a C-ordered matrix (one short row per inner loop); float16 sums in
    float32.
    """
    xp = cuda.get_array_module(a_rows)
    if a_rows.dtype == numpy.float16:
        return a_rows.sum(axis=0, dtype=numpy.float32).astype(numpy.float16)
    return xp.ones(a_rows.shape[0], dtype=a_rows.dtype).dot(a_rows)


def _filter_axes(col, nd):
    # Axes of W (m, c, k...) in the column order of col_rows(col): (c, k...) or (k..., c).
    axes = conv_nd.col_row_axes(col)
    if axes[-1] == 1:
        return (0,) + tuple(range(2, nd + 2)) + (1,)
    return tuple(range(nd + 2))


def _filter_matrix(W, axes):
    return W.transpose(axes).reshape(W.shape[0], -1)


def correlate(col, W):
    """Channels-last correlation of patches with filters.

    .. math:: y[n, o..., m] = \\sum_{c, k...} col[n, c, k..., o...] W[m, c, k...]

    Args:
        col: column array ``(n, c, k..., out...)`` (from :func:`conv_nd.im2col_nd`).
        W: filters ``(m, c, k...)``.

    Returns:
        C-contiguous array ``(n, out..., m)``.
    """
    nd = W.ndim - 2
    w2 = _filter_matrix(W, _filter_axes(col, nd))
    y = conv_nd.col_rows(col).dot(w2.T)
    return y.reshape(col.shape[:1] + col.shape[nd + 2:] + W.shape[:1])


def weight_grad(a, col, a_rows=None):
    """Gradient of a correlation with respect to its filters.

    .. math:: g[m, c, k...] = \\sum_{n, o...} a[n, m, o...] col[n, c, k..., o...]

    Args:
        a: array ``(n, m, out...)`` (the output gradient of a convolution, or the input of
            a deconvolution).
        col: column array ``(n, c, k..., out...)``.
        a_rows: ``rows(a)`` when the caller has it already.

    Returns:
        C-contiguous array ``(m, c, k...)``.
    """
    xp = cuda.get_array_module(a)
    nd = a.ndim - 2
    if a_rows is None:
        a_rows = rows(a)
    # col_rowsᵀ · rows(a) (the transpose of the product above) runs faster in OpenBLAS.
    g = conv_nd.col_rows(col).T.dot(a_rows)  # (column order of col, m)
    w_shape = (a.shape[1],) + col.shape[1:nd + 2]
    order = _filter_axes(col, nd)[1:] + (0,)
    g = g.reshape(tuple(w_shape[i] for i in order))
    # One small copy back to (m, c, k...).
    return xp.ascontiguousarray(g.transpose([order.index(i) for i in range(nd + 2)]))


def im2col_with_ones(x, ksize, stride, pad, cover_all=False, dilate=1):
    """The channel-major column array of ``x`` with a row of ones below it, which folds
    the bias into the forward GEMM and the bias gradient into the filter-gradient GEMM.

    Only for inputs that are not channels-last (those take the channel-major buffer of
    :func:`chainer.utils.conv_nd.im2col_nd`) and float32/float64 data.

    Returns:
        tuple: ``(col, aug)``: ``col`` ``(n, c, k..., out...)`` exactly as
        :func:`~chainer.utils.conv_nd.im2col_nd` returns it (a view of ``aug``), and
        ``aug`` the C-contiguous ``(c * prod(k) + 1, n * prod(out))`` matrix whose last row
        is ones; ``None`` when ``x`` does not qualify.
    """
    if x.dtype.kind != 'f' or x.dtype.itemsize < 4 or conv_nd.is_channels_last(x):
        return None
    xp = cuda.get_array_module(x)
    nd = x.ndim - 2
    ksize, stride, pad, dilate = [conv_nd.as_tuple(v, nd) for v in (ksize, stride, pad,
                                                                    dilate)]
    outs, lengths = conv_nd.out_sizes(x.shape[2:], ksize, stride, pad, cover_all, dilate)
    padded = conv_nd.pad_image(x, pad, lengths, 0)
    if conv_nd.is_channels_last(padded):
        return None
    st = padded.strides
    n, c = x.shape[:2]
    shape = (c,) + ksize + (n,) + outs
    strides = ((st[1],) + tuple(st[2 + i] * dilate[i] for i in range(nd)) + (st[0],) +
               tuple(st[2 + i] * stride[i] for i in range(nd)))
    view = xp.lib.stride_tricks.as_strided(padded, shape=shape, strides=strides)
    columns = 1
    for v in (c,) + ksize:
        columns *= v
    aug = xp.empty((columns + 1, view.size // columns), dtype=x.dtype)
    aug[-1] = 1
    body = aug[:-1].reshape(shape)
    body[...] = view
    axes = (nd + 1, 0) + tuple(range(1, nd + 1)) + tuple(range(nd + 2, 2 * nd + 2))
    return body.transpose(axes), aug


def correlate_with_bias(col, aug, W, b):
    """:func:`correlate` plus the bias ``b``, in one GEMM on ``aug`` (see
    :func:`im2col_with_ones`). Returns the C-contiguous ``(n, out..., m)`` array."""
    xp = cuda.get_array_module(aug)
    nd = W.ndim - 2
    w2b = xp.concatenate([W.reshape(W.shape[0], -1), b.reshape(-1, 1)], axis=1)
    y = aug.T.dot(w2b.astype(aug.dtype, copy=False).T)
    return y.reshape(col.shape[:1] + col.shape[nd + 2:] + W.shape[:1])


def weight_and_bias_grad(aug, a_rows, w_shape):
    """The filter and bias gradients from one GEMM on ``aug`` (see
    :func:`im2col_with_ones`) and the output-gradient rows ``a_rows`` ``(n*P, m)``.

    Returns:
        tuple: C-contiguous ``gW`` of shape ``w_shape`` and ``gb`` ``(m,)``.
    """
    xp = cuda.get_array_module(aug)
    g = aug.dot(a_rows)  # (c*K + 1, m)
    gW = xp.ascontiguousarray(g[:-1].T).reshape(w_shape)
    return gW, g[-1].copy()


#: Below this many channels per tap, the per-offset GEMMs of transposed_correlate are too
#: thin for BLAS: the single GEMM is used instead.
PER_OFFSET_MIN_CHANNELS = 16

#: Per-offset GEMMs pay off when the single GEMM's col2im would add more than this many
#: short runs per kernel offset. The single GEMM's adds read runs of ``c`` (or one output
#: row) elements, ~70 ns of overhead each, where the per-offset adds read runs of whole
#: output rows of every channel. Measured on one BLAS thread (cnn's conv2: 4096 runs of
#: 32 channels, 25 offsets): 6.6 ms per-offset against 7.9 ms for the single GEMM, 1.5 ms
#: less per training step. (This was 2**14 while OpenBLAS ran two threads on contended
#: cores, where every extra BLAS call risked a scheduler slice; ``chainer.thread_policy``
#: now drops to one thread under contention.)
PER_OFFSET_MIN_RUNS = 1 << 11


def _positions(a):
    # n * prod(out): the output positions of a feature map (n, m, out...).
    count = a.shape[0]
    for o in a.shape[2:]:
        count *= o
    return count


def input_grad_strategy(a, W):
    """The cheaper way of :func:`transposed_correlate` for ``a`` ``(n, m, out...)`` and
    ``W`` ``(m, c, k...)``, by cost.

    Returns:
        str: ``'per_offset'`` (one GEMM per kernel offset, each added into a
        channels-last image in cache), ``'channels_last'`` (one GEMM into an
        ``(n, out..., k..., c)`` column buffer, then col2im adds in runs of ``c``) or
        ``'offset_major'`` (one GEMM into ``(k..., c, n, out...)`` slabs, col2im adds in
        runs of one output row): per offset, the single GEMM runs ``n * prod(out)`` or
        ``c * n * prod(out[:-1])`` short adds, whichever is fewer; the per-offset GEMMs
        win when that count is above :data:`PER_OFFSET_MIN_RUNS` and ``c`` is at least
        :data:`PER_OFFSET_MIN_CHANNELS`.
    """
    positions = _positions(a)
    c, row = W.shape[1], a.shape[-1]
    channels_last = c >= row  # runs of c elements vs runs of one output row
    runs = positions if channels_last else c * (positions // row)
    if c >= PER_OFFSET_MIN_CHANNELS and runs > PER_OFFSET_MIN_RUNS:
        return 'per_offset'
    return 'channels_last' if channels_last else 'offset_major'


def transposed_correlate(a, W, stride, pad, dims, dilate=1, a_rows=None, strategy=None):
    """Adjoint of :func:`correlate` followed by im2col: spreads ``a`` through the filters.

    .. math::
        img[n, c, o s + k d - p] \\mathrel{+}= \\sum_m a[n, m, o...] W[m, c, k...]

    This is a convolution's input gradient and a deconvolution's forward. Either one GEMM
    produces every kernel offset's patch gradient at once and
    :func:`chainer.utils.conv_nd.col2im_nd` adds them into the image (one BLAS call, which
    keeps both BLAS threads busy even on a loaded machine), or, for large maps with many
    channels, one GEMM per kernel offset ``k`` (``rows(a) · W[:, :, k]``, together the
    FLOPs of the single GEMM) adds each ``(n, out..., c)`` product, still in cache, into a
    channels-last image in long runs. :func:`input_grad_strategy` chooses by cost.

    Args:
        a: array ``(n, m, out...)``.
        W: filters ``(m, c, k...)``.
        stride, pad, dilate: as in :func:`chainer.utils.conv_nd.im2col_nd`.
        dims (tuple of ints): spatial size of the result.
        a_rows: ``rows(a)`` when the caller has it already.
        strategy (str): one of the names of :func:`input_grad_strategy` to force it
            (None chooses by cost).

    Returns:
        array ``(n, c, dims...)`` (channels-last in memory, or channel-major for the
        offset-major GEMM).
    """
    xp = cuda.get_array_module(a)
    nd = a.ndim - 2
    stride, pad, dilate, dims = [conv_nd.as_tuple(v, nd) for v in (stride, pad, dilate, dims)]
    if a_rows is None:
        a_rows = rows(a)
    if strategy is None:
        strategy = input_grad_strategy(a, W)
    if strategy == 'per_offset':
        return _per_offset(xp, a, a_rows, W, stride, pad, dims, dilate)
    n, outs, ksize = a.shape[0], a.shape[2:], W.shape[2:]
    if strategy == 'channels_last':
        # (m, k..., c) matrix: the product's rows are (n, out...), its columns (k..., c).
        w2 = xp.ascontiguousarray(xp.moveaxis(W, 1, -1)).reshape(W.shape[0], -1)
        col = a_rows.dot(w2).reshape((n,) + outs + ksize + W.shape[1:2])
        col = conv_nd.channel_minor_to_col(col, nd)
    elif strategy == 'offset_major':
        # (k..., c, m) matrix: the product lists the offsets' (c, n, out...) slabs.
        w_kc = xp.ascontiguousarray(xp.moveaxis(W, (0, 1), (-1, -2))).reshape(-1, W.shape[0])
        col = w_kc.dot(a_rows.T).reshape(ksize + (W.shape[1], n) + outs)
        col = col.transpose((nd + 1, nd) + tuple(range(nd)) + tuple(range(nd + 2, 2 * nd + 2)))
    else:
        raise ValueError('strategy must be None, per_offset, channels_last or offset_major, '
                         'got {!r}'.format(strategy))
    return conv_nd.col2im_nd(col, stride, pad, dims, dilate=dilate)


def _per_offset(xp, a, a_rows, W, stride, pad, dims, dilate):
    # One (n P, m) x (m, c) GEMM per kernel offset into a cache-sized slab, added into a
    # channels-last padded image (both operands in memory order, runs of out[-1] * c).
    n, outs, c, ksize = a.shape[0], a.shape[2:], W.shape[1], W.shape[2:]
    lengths = conv_nd.padded_lengths(outs, ksize, stride, pad, dims, dilate)
    img = xp.zeros((n,) + lengths + (c,), dtype=a.dtype)
    # (k..., m, c): every offset's (m, c) filter matrix is contiguous for BLAS.
    w_k = xp.ascontiguousarray(xp.moveaxis(W, (0, 1), (-2, -1)))
    slab = xp.empty((a_rows.shape[0], c), dtype=a.dtype)
    slab_img = slab.reshape((n,) + tuple(outs) + (c,))
    for offset in itertools.product(*[range(k) for k in ksize]):
        xp.matmul(a_rows, w_k[offset], out=slab)
        img[(slice(None),) + conv_nd.offset_target(offset, outs, stride, dilate)] += slab_img
    inner = tuple(slice(p, p + d) for p, d in zip(pad, dims))
    return xp.moveaxis(img[(slice(None),) + inner], -1, 1)


def check_types(in_types, nd, in_axis):
    """Type check of ``(x, W[, b])`` for an ``nd``-dimensional (de)convolution.

    ``x`` is ``(n, c_I, d...)``, ``W`` has ``c_I`` on axis ``in_axis`` (1 for convolution,
    0 for deconvolution) and the output channels on the other of its first two axes, and
    ``b`` (optional) is a vector of output-channel length. ``x`` and ``b`` share one float
    dtype; ``W`` may be of another float dtype, as in Chainer v1 (see
    :mod:`~chainer.functions.connection._weight_dtype`).
    """
    def shapes(x_type, w_type):
        return (x_type.ndim == nd + 2,
                w_type.ndim == nd + 2,
                x_type.shape[1] == w_type.shape[in_axis])

    _type_checks.expect_weighted_inputs(
        in_types, shapes, lambda w_type: w_type.shape[1 - in_axis])
