"""Shared machinery of the v5+ ROI poolings (``roi_{average,max}_{pooling,align}_2d``).

Each output element of an ROI pooling reads its ROI's image through sampling points;
a point is a weighted sum of image rows times a weighted sum of image columns, so the
sampling of one ROI along one axis is a matrix ``W[out, point, size]`` with a validity
mask. Average pooling averages the points; max pooling keeps the largest point. Given
the ROIs (and the argmax), both are linear in ``x``: ``y[r, c, p, q] =
wy[r, c, p, q] . x[b_r, c] . wx[r, c, p, q]``, computed by :class:`RoiRead` whose
gradient is its adjoint :class:`RoiWrite` and vice versa, so they are differentiable
to any order. The ROIs themselves get no gradient.
"""
import numbers

import numpy

from chainer import cuda
from chainer import function_node
from chainer.functions.array import _add_at
from chainer import variable
from chainer.utils import _docstrings
from chainer.utils import type_check


def pair(value):
    """``value`` as a pair (a scalar ``v`` means ``(v, v)``)."""
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return value, value


def check_outsize(outsize):
    """``(outh, outw)`` from an int or a pair of positive ints (TypeError otherwise)."""
    out = pair(outsize)
    if len(out) != 2 or not all(isinstance(o, numbers.Integral) and
                                not isinstance(o, bool) and o > 0 for o in out):
        raise TypeError('outsize must be a positive int or a pair of them, got '
                        '{!r}'.format(outsize))
    return int(out[0]), int(out[1])


def check_scale(spatial_scale):
    """``spatial_scale`` as a positive float (TypeError otherwise)."""
    if isinstance(spatial_scale, bool) or not isinstance(spatial_scale, numbers.Real) \
            or not spatial_scale > 0:
        raise TypeError('spatial_scale must be a positive number, got {!r}'.format(
            spatial_scale))
    return float(spatial_scale)


def check_sampling_ratio(sampling_ratio):
    """A pair of ints >= 1 or None (None: chosen per ROI); TypeError otherwise."""
    ratio = pair(sampling_ratio)
    if len(ratio) != 2 or not all(
            s is None or (isinstance(s, numbers.Integral) and not isinstance(s, bool)
                          and s >= 1) for s in ratio):
        raise TypeError('sampling_ratio must be None, an int >= 1 or a pair of them, '
                        'got {!r}'.format(sampling_ratio))
    return tuple(None if s is None else int(s) for s in ratio)


def check_inputs(x, rois, roi_indices):
    """Raises InvalidType unless ``x`` is float (n, c, h, w), ``rois`` float (R, 4) and
    ``roi_indices`` int (R,)."""
    ok = (x.dtype.kind == 'f' and x.ndim == 4 and rois.dtype.kind == 'f' and
          rois.ndim == 2 and rois.shape[1] == 4 and roi_indices.dtype.kind in 'iu' and
          roi_indices.ndim == 1 and roi_indices.shape[0] == rois.shape[0])
    if not ok:
        raise type_check.InvalidType(
            'float x of 4 dimensions, float rois of shape (R, 4) and int roi_indices '
            'of shape (R,)',
            'x: {} {}, rois: {} {}, roi_indices: {} {}'.format(
                x.dtype, x.shape, rois.dtype, rois.shape, roi_indices.dtype,
                roi_indices.shape))


def align_axis(start, end, n_out, grid, size):
    """Bilinear sampling of one ROI along one axis (RoIAlign): ``grid`` points per
    bin (None: ``ceil(length / n_out)``) at the bin's sub-cell centres; points farther
    than one pixel outside the image are invalid; returns ``(W, valid, count)``."""
    length = max(end - start, 1.0)
    step = length / n_out
    g = grid if grid is not None else max(int(numpy.ceil(step)), 1)
    c = start + numpy.arange(n_out)[:, None] * step + (numpy.arange(g) + .5) * step / g
    valid = (c >= -1) & (c <= size)
    low = numpy.floor(c).astype(numpy.int64)
    low = numpy.where(low == size, low - 1, low)
    high = low + 1
    c = numpy.where(low <= -1, 0, numpy.where(high >= size, size - 1, c))
    w = numpy.zeros((n_out, g, size))
    p, i = numpy.nonzero(valid & (low >= 0))
    w[p, i, low[p, i]] += (high - c)[p, i]
    p, i = numpy.nonzero(valid & (high <= size - 1))
    w[p, i, high[p, i]] += (c - low)[p, i]
    return w, valid, numpy.full(n_out, g)


def pool_axis(lo, hi, n_out, size):
    """Integer bins of one ROI along one axis: the bin ``p`` covers the pixels
    ``[floor(p L / n), ceil((p + 1) L / n))`` after ``lo`` (``L = max(hi - lo, 1)``),
    clipped to the image; returns ``(W, valid, count)`` with one point per pixel."""
    length = max(hi - lo, 1)
    step = length / float(n_out)
    p = numpy.arange(n_out)
    first = numpy.clip(numpy.floor(p * step).astype(numpy.int64) + lo, 0, size)
    last = numpy.clip(numpy.ceil((p + 1) * step).astype(numpy.int64) + lo, 0, size)
    count = last - first
    g = max(int(count.max()), 1)
    k = numpy.arange(g)
    valid = k[None] < count[:, None]
    w = numpy.zeros((n_out, g, size))
    pp, kk = numpy.nonzero(valid)
    w[pp, kk, first[pp] + kk] = 1
    return w, valid, count


def _round(v):
    return int(round(float(v)))


def axis_maps(rois, scale, outsize, size_hw, mode, ratio=(None, None)):
    """Per ROI, the sampling ``(W, valid, count)`` of the rows and of the columns.

    ``rois`` are ``(y_min, x_min, y_max, x_max)`` in input coordinates (scaled by
    ``scale``); ``mode`` is 'align' (bilinear points) or 'pool' (integer bins).
    """
    rows, cols = [], []
    for y0, x0, y1, x1 in cuda.to_cpu(rois).astype(numpy.float64):
        if mode == 'align':
            rows.append(align_axis(y0 * scale, y1 * scale, outsize[0], ratio[0],
                                   size_hw[0]))
            cols.append(align_axis(x0 * scale, x1 * scale, outsize[1], ratio[1],
                                   size_hw[1]))
        else:
            rows.append(pool_axis(_round(y0 * scale), _round(y1 * scale), outsize[0],
                                  size_hw[0]))
            cols.append(pool_axis(_round(x0 * scale), _round(x1 * scale), outsize[1],
                                  size_hw[1]))
    return rows, cols


def average_maps(rows, cols, channels):
    """``(wy, wx)`` of shapes ``(R, C, P, Q, H)``/``(R, C, P, Q, W)``: the mean of the
    points (empty bins read nothing)."""
    def mean(w, count):
        return w.sum(axis=1) / numpy.maximum(count, 1)[:, None]
    ay = numpy.stack([mean(w, n) for w, _, n in rows])   # (R, P, H)
    ax = numpy.stack([mean(w, n) for w, _, n in cols])   # (R, Q, W)
    r, p, h = ay.shape
    q, w = ax.shape[1:]
    return (numpy.broadcast_to(ay[:, None, :, None, :], (r, channels, p, q, h)),
            numpy.broadcast_to(ax[:, None, None, :, :], (r, channels, p, q, w)))


def max_maps(x, roi_indices, rows, cols):
    """``(wy, wx)`` of the largest point of every bin (zero for a bin with no valid
    point), the points evaluated on ``x`` (a host array)."""
    n_rois = len(rows)
    channels = x.shape[1]
    p_out, q_out = rows[0][0].shape[0], cols[0][0].shape[0]
    wy = numpy.zeros((n_rois, channels, p_out, q_out, x.shape[2]))
    wx = numpy.zeros((n_rois, channels, p_out, q_out, x.shape[3]))
    for r, ((my, vy, _), (mx, vx, _)) in enumerate(zip(rows, cols)):
        img = x[int(roi_indices[r])].astype(numpy.float64)
        pts = numpy.einsum('pih,chw,qjw->cpqij', my, img, mx)
        ok = vy[:, None, :, None] & vx[None, :, None, :]     # (P, Q, gi, gj)
        pts = numpy.where(ok[None], pts, -numpy.inf)
        flat = pts.reshape(pts.shape[:3] + (-1,))
        best = flat.argmax(axis=-1)
        i, j = best // mx.shape[1], best % mx.shape[1]
        found = numpy.isfinite(numpy.take_along_axis(flat, best[..., None], -1)[..., 0])
        pp = numpy.arange(p_out)[None, :, None]
        qq = numpy.arange(q_out)[None, None, :]
        wy[r] = my[pp, i] * found[..., None]
        wx[r] = mx[qq, j] * found[..., None]
    return wy, wx


class RoiRead(function_node.FunctionNode):
    """``y[r, c, p, q] = wy[r, c, p, q, :] . x[b_r, c] . wx[r, c, p, q, :]``."""

    def __init__(self, wy, wx, roi_indices, x_shape):
        self._wy, self._wx = wy, wx
        self._b = roi_indices
        self._x_shape = x_shape

    def forward(self, inputs):
        x, = inputs
        return numpy_or_cupy_einsum('rcpqh,rchw,rcpqw->rcpq', self._wy,
                                    x[self._b], self._wx).astype(x.dtype),

    def backward(self, indexes, grad_outputs):
        return RoiWrite(self._wy, self._wx, self._b, self._x_shape).apply(grad_outputs)


class RoiWrite(function_node.FunctionNode):
    """The adjoint of :class:`RoiRead`: ``gx[b_r, c] += wy^T g[r, c, p, q] wx``."""

    def __init__(self, wy, wx, roi_indices, x_shape):
        self._wy, self._wx = wy, wx
        self._b = roi_indices
        self._x_shape = x_shape

    def forward(self, inputs):
        g, = inputs
        xp = cuda.get_array_module(g)
        parts = numpy_or_cupy_einsum('rcpqh,rcpq,rcpqw->rchw', self._wy, g, self._wx)
        gx = xp.zeros(self._x_shape, dtype=g.dtype)
        _add_at.add_rows(gx, self._b, parts.astype(g.dtype))
        return gx,

    def backward(self, indexes, grad_outputs):
        return RoiRead(self._wy, self._wx, self._b, self._x_shape).apply(grad_outputs)


def numpy_or_cupy_einsum(subscripts, *operands):
    """einsum of the operands' module."""
    xp = cuda.get_array_module(*operands)
    return xp.einsum(subscripts, *operands)


def apply(x, rois, roi_indices, outsize, spatial_scale, mode, reduce, ratio=None):
    """Runs one ROI pooling: ``mode`` 'align' or 'pool', ``reduce`` 'average' or
    'max'. Returns the output Variable ``(R, C, outh, outw)``."""
    outsize = check_outsize(outsize)
    scale = check_scale(spatial_scale)
    ratio = check_sampling_ratio(ratio)
    x = x if isinstance(x, variable.Variable) else variable.Variable(
        x, requires_grad=False)
    rois = rois.array if isinstance(rois, variable.Variable) else rois
    b = roi_indices.array if isinstance(roi_indices, variable.Variable) else roi_indices
    check_inputs(x, rois, b)
    xp = cuda.get_array_module(x.array)
    rows, cols = axis_maps(rois, scale, outsize, x.shape[2:], mode, ratio)
    b_host = cuda.to_cpu(b).astype(numpy.int64)
    if len(rows) == 0:
        wy = numpy.zeros((0, x.shape[1]) + outsize + (x.shape[2],))
        wx = numpy.zeros((0, x.shape[1]) + outsize + (x.shape[3],))
    elif reduce == 'average':
        wy, wx = average_maps(rows, cols, x.shape[1])
    else:
        wy, wx = max_maps(cuda.to_cpu(x.array), b_host, rows, cols)
    dtype = x.dtype
    if xp is numpy:
        wy, wx, b_dev = wy.astype(dtype), wx.astype(dtype), b_host
    else:
        wy = cuda.to_gpu(numpy.ascontiguousarray(wy, dtype=dtype))
        wx = cuda.to_gpu(numpy.ascontiguousarray(wx, dtype=dtype))
        b_dev = cuda.to_gpu(b_host)
    return RoiRead(wy, wx, b_dev, x.shape).apply((x,))[0]


_DOC_TAIL = """
    Linear in ``x`` once the ROIs{argmax} are fixed, so differentiable to any order
    with respect to ``x``; ``rois`` and ``roi_indices`` get no gradient.

    Args:
        x (~chainer.Variable or array): Input images ``(n, c, h, w)``.
        rois (~chainer.Variable or array): ROIs ``(R, 4)``, each
            ``(y_min, x_min, y_max, x_max)`` in input coordinates before scaling.
        roi_indices (~chainer.Variable or array): int ``(R,)``, the image of each ROI.
        outsize (int or pair of ints): ``(outh, outw)`` of every ROI's output.
        spatial_scale (float): Scale of the ROI coordinates to the input's.{ratio_arg}

    Returns:
        ~chainer.Variable: Output ``(R, c, outh, outw)``.

    Raises:
        TypeError: for a bad ``outsize``{ratio_error}.
        ~chainer.utils.type_check.InvalidType: for inputs of bad dtypes or shapes.
    """


def with_doc_tail(doc, mode, reduce):
    """``doc``, the docstring of a public ROI pooling (``mode`` 'pool' or 'align',
    ``reduce`` 'average' or 'max'), followed by the shared part: differentiability,
    arguments, result and errors (None stays None, as under ``python -OO``)."""
    align = mode == 'align'
    return _docstrings.extend(doc, _DOC_TAIL.format(
        argmax=' and the argmax' if reduce == 'max' else '',
        ratio_arg=('\n        sampling_ratio (None, int or pair): Points per bin along '
                   'each axis.' if align else ''),
        ratio_error=(', ``spatial_scale`` or ``sampling_ratio``' if align
                     else ' or ``spatial_scale``')))
