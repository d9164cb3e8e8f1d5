"""Region-of-interest max pooling.

Every ROI is cut into ``outh x outw`` bins and each bin is max-pooled. Bins differ in size
from ROI to ROI, so instead of looping over ROIs the maximum over a bin is taken as two
vectorized range-maximum queries (:mod:`._range_max`): over each bin's rows of the
channels-last image, then over each bin's columns of those row maxima.
"""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.pooling import _flat_index_nodes
from chainer.functions.pooling import _range_max
from chainer.utils import type_check


def _round_half_away(v, xp):
    return xp.sign(v) * xp.floor(xp.abs(v) + 0.5)


def _bins(lo, hi, size, n_bins, spatial_scale, xp):
    """Bin edges ``[start, end)`` per ROI along one axis, clipped to ``[0, size]``."""
    lo = _round_half_away(lo.astype(numpy.float64) * spatial_scale, xp)
    hi = _round_half_away(hi.astype(numpy.float64) * spatial_scale, xp)
    extent = xp.maximum(hi - lo + 1, 1)
    step = (extent / n_bins)[:, None]
    idx = xp.arange(n_bins, dtype=numpy.float64)[None, :]
    start = xp.floor(idx * step) + lo[:, None]
    end = xp.ceil((idx + 1) * step) + lo[:, None]
    start = xp.clip(start, 0, size).astype(numpy.int64)
    end = xp.clip(end, 0, size).astype(numpy.int64)
    return start, end


class ROIPooling2D(function.Function):
    """Max pooling of ``outh x outw`` bins over each region of interest.

    After the forward, ``argmax_data`` holds the position ``h * W + w`` of every output's
    maximum in its image (``-1`` for empty bins).
    """

    #: its backward also takes Variables (a double backprop), through FlatScatter
    _differentiable_backward = True

    def __init__(self, outh, outw, spatial_scale):
        self.outh, self.outw = int(outh), int(outw)
        if self.outh < 1 or self.outw < 1:
            raise ValueError('outh and outw must be positive, got {} and {}'.format(
                outh, outw))
        self.spatial_scale = spatial_scale

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, roi_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            roi_type.dtype == x_type.dtype,
            roi_type.ndim == 2,
            roi_type.shape[1] == 5,
        )

    def forward(self, inputs):
        x, rois = inputs
        xp = cuda.get_array_module(x)
        n, c, h, w = x.shape
        batch = rois[:, 0].astype(numpy.int64)
        if batch.size and bool(((batch < 0) | (batch >= n)).any()):
            raise ValueError('roi_pooling_2d: batch indices of rois must be in [0, {}), '
                             'got {}'.format(n, batch))
        hs, he = _bins(rois[:, 2], rois[:, 4], h, self.outh, self.spatial_scale, xp)
        ws, we = _bins(rois[:, 1], rois[:, 3], w, self.outw, self.spatial_scale, xp)
        # Rows first, on the channels-last image (n, h, w, c): (R, outh, W, C) maxima over
        # each bin's rows, with their row.
        # (rows as int16 when they fit: the carried rows are half of the traffic)
        row_type = numpy.int16 if h <= numpy.iinfo(numpy.int16).max else numpy.int32
        rows = xp.arange(h, dtype=row_type).reshape(1, h, 1, 1)
        row_val, row_arg = _range_max.range_max(
            xp.ascontiguousarray(x.transpose(0, 2, 3, 1)),
            xp.broadcast_to(batch[:, None], hs.shape), hs, he,
            xp.broadcast_to(rows, (n, h, w, c)))
        # Then columns of every (ROI, bin row) pair, carrying the flat position h * W + w:
        # (R * outh, outw, C). The row maxima are already laid out for it (no transpose).
        n_rois = len(rois)
        flat = row_arg.astype(numpy.int32) * numpy.int32(w)
        flat += xp.arange(w, dtype=numpy.int32)[:, None]
        pair = xp.arange(n_rois * self.outh).reshape(n_rois, self.outh, 1)
        shape = (n_rois, self.outh, self.outw)
        val, arg = _range_max.range_max(row_val.reshape(-1, w, c), xp.broadcast_to(pair, shape),
                              xp.broadcast_to(ws[:, None, :], shape),
                              xp.broadcast_to(we[:, None, :], shape),
                              flat.reshape(-1, w, c))
        y = val.transpose(0, 3, 1, 2)
        arg = arg.transpose(0, 3, 1, 2)
        nonempty = ((he > hs)[:, :, None] & (we > ws)[:, None, :])[:, None]
        self.argmax_data = xp.where(nonempty, arg, -1)
        return xp.where(nonempty, y, xp.zeros((), dtype=x.dtype)),

    def backward(self, inputs, grad_outputs):
        x, rois = inputs
        rois = getattr(rois, 'array', rois)
        xp = cuda.get_array_module(x)
        n, c, h, w = x.shape
        batch = rois[:, 0].astype(numpy.int64)
        plane = (batch[:, None] * c + xp.arange(c)) * (h * w)  # (R, C) image offsets
        index = plane[:, :, None, None] + self.argmax_data
        keep = self.argmax_data >= 0
        gy = grad_outputs[0]
        if not isinstance(gy, xp.ndarray):  # a Variable: differentiable twice
            return _flat_index_nodes.FlatScatter(index, keep, x.shape).apply((gy,))[0], \
                None
        return _flat_index_nodes.scatter_flat(gy, index, keep, x.size).reshape(
            x.shape), None


def roi_pooling_2d(x, rois, outh, outw, spatial_scale):
    """Spatial Region of Interest (ROI) pooling function.

    For ROI ``r = (b, x_min, y_min, x_max, y_max)`` the corners are scaled by
    ``spatial_scale`` and rounded; the ROI of height ``H_r = max(y_max - y_min + 1, 1)`` is
    cut into bins ``[floor(i H_r / outh), ceil((i + 1) H_r / outh))`` (offset by ``y_min``,
    clipped to the image), likewise along the width, and

    .. math:: y[r, c, i, j] = \\max_{(u, v) \\in \\text{bin}(i, j)} x[b, c, u, v]

    (zero for an empty bin).

    Args:
        x (~chainer.Variable): input of shape ``(n, c, h, w)``.
        rois (~chainer.Variable): ROIs of shape ``(R, 5)``, each
            ``(batch_index, x_min, y_min, x_max, y_max)``.
        outh (int): height of the pooled output.
        outw (int): width of the pooled output.
        spatial_scale (float): scale from ROI coordinates to ``x``'s grid.

    Returns:
        ~chainer.Variable: output of shape ``(R, c, outh, outw)``.

    See: Fast R-CNN (Girshick, ICCV 2015).
    """
    return ROIPooling2D(outh, outw, spatial_scale)(x, rois)
