"""F.roi_pooling_2d against a loop over ROIs and bins."""
import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _round(v):
    return int(math.floor(abs(v) + 0.5)) * (1 if v >= 0 else -1)


def _reference(x, rois, outh, outw, scale):
    n, c, h, w = x.shape
    y = numpy.zeros((len(rois), c, outh, outw))
    for r, (b, x0, y0, x1, y1) in enumerate(rois.astype(numpy.float64)):
        x0, y0, x1, y1 = (_round(v * scale) for v in (x0, y0, x1, y1))
        bin_h = max(y1 - y0 + 1, 1) / outh
        bin_w = max(x1 - x0 + 1, 1) / outw
        for i in range(outh):
            hs = min(max(math.floor(i * bin_h) + y0, 0), h)
            he = min(max(math.ceil((i + 1) * bin_h) + y0, 0), h)
            for j in range(outw):
                ws = min(max(math.floor(j * bin_w) + x0, 0), w)
                we = min(max(math.ceil((j + 1) * bin_w) + x0, 0), w)
                if he > hs and we > ws:
                    y[r, :, i, j] = x[int(b), :, hs:he, ws:we].max(axis=(1, 2))
    return y


ROIS = numpy.array([
    [0, 1, 1, 6, 6],
    [1, 0, 0, 7, 5],
    [0, 2, 3, 2, 3],      # a single pixel
    [1, 5, 4, 12, 10],    # runs over the border (clipped)
    [0, -3, -3, -1, -1],  # entirely outside: empty bins give 0
], numpy.float64)


@pytest.mark.parametrize('outh,outw,scale', [(2, 3, 1.0), (3, 2, 0.6), (5, 5, 1.0)])
def test_forward(dtype, distinct, outh, outw, scale):
    x = distinct((2, 2, 6, 7), dtype)
    rois = ROIS.astype(dtype)
    y = F.roi_pooling_2d(x, rois, outh, outw, scale)
    assert y.shape == (len(rois), 2, outh, outw) and y.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, rois, outh, outw, scale), atol=0, rtol=0)


@pytest.mark.parametrize('outh,outw,scale', [(2, 3, 1.0), (3, 2, 0.6)])
def test_backward(dtype, distinct, check_backward, outh, outw, scale):
    x = distinct((2, 2, 5, 6), dtype)
    rois = ROIS[:4].astype(dtype)
    gy = numpy.random.uniform(-1, 1, (len(rois), 2, outh, outw)).astype(dtype)
    check_backward(lambda x, r: F.roi_pooling_2d(x, r, outh, outw, scale), (x, rois), gy,
                   no_grads=[False, True])


def test_batch_index_out_of_range_raises():
    x = numpy.zeros((1, 1, 4, 4), numpy.float32)
    with pytest.raises(ValueError, match='batch indices'):
        F.roi_pooling_2d(x, numpy.array([[1, 0, 0, 2, 2]], numpy.float32), 2, 2, 1.0)


def test_invalid_type():
    x = numpy.zeros((1, 1, 4, 4), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.roi_pooling_2d(x, numpy.zeros((2, 4), numpy.float32), 2, 2, 1.0)
    with pytest.raises(type_check.InvalidType):
        F.roi_pooling_2d(x[0], numpy.zeros((2, 5), numpy.float32), 2, 2, 1.0)
    with pytest.raises(type_check.InvalidType):
        F.roi_pooling_2d(x, numpy.zeros((2, 5), numpy.float64), 2, 2, 1.0)


def test_tall_image_carries_rows_as_int32():
    # Heights past the int16 range take the int32 row carry.
    h = 2 ** 15 + 3
    x = numpy.random.permutation(h * 2).reshape(1, 1, h, 2).astype(numpy.float32)
    rois = numpy.array([[0, 0, 0, 1, h - 1], [0, 1, h - 9, 1, h - 1]], numpy.float32)
    y = F.roi_pooling_2d(x, rois, 3, 1, 1.0)
    testing.assert_allclose(y.data, _reference(x, rois, 3, 1, 1.0), atol=0, rtol=0)
