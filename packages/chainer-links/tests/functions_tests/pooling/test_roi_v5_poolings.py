"""roi_{average,max}_{pooling,align}_2d against loop references, and their
derivatives (first and second order) with respect to x."""
import math

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check

ROIS = numpy.array([[1, 1, 6, 6], [2, 5, 9, 7], [0.4, 2.2, 3.3, 4.4],
                    [3, 3, 3, 3]], numpy.float32)
IDX = numpy.array([0, 1, 1, 0], numpy.int32)


def _x(dtype=numpy.float64):
    return (numpy.random.permutation(2 * 2 * 10 * 8).reshape(2, 2, 10, 8) * 0.1
            ).astype(dtype)


def _bilinear(img, y, x):
    h, w = img.shape
    if y < -1 or y > h or x < -1 or x > w:
        return None
    y, x = min(max(y, 0), h - 1), min(max(x, 0), w - 1)
    y0, x0 = int(math.floor(y)), int(math.floor(x))
    y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
    ly, lx = y - y0, x - x0
    return ((1 - ly) * (1 - lx) * img[y0, x0] + (1 - ly) * lx * img[y0, x1] +
            ly * (1 - lx) * img[y1, x0] + ly * lx * img[y1, x1])


def _align_reference(x, outsize, scale, ratio, reduce):
    out = numpy.zeros((len(ROIS), x.shape[1]) + outsize)
    for r, (y0, x0, y1, x1) in enumerate(ROIS.astype(numpy.float64) * scale):
        bh, bw = max(y1 - y0, 1) / outsize[0], max(x1 - x0, 1) / outsize[1]
        gh = ratio or int(math.ceil(bh))
        gw = ratio or int(math.ceil(bw))
        for c in range(x.shape[1]):
            img = x[IDX[r], c]
            for p in range(outsize[0]):
                for q in range(outsize[1]):
                    vals = [_bilinear(img, y0 + p * bh + (i + .5) * bh / gh,
                                      x0 + q * bw + (j + .5) * bw / gw)
                            for i in range(gh) for j in range(gw)]
                    if reduce == 'average':
                        out[r, c, p, q] = sum(v or 0 for v in vals) / len(vals)
                    else:
                        vals = [v for v in vals if v is not None]
                        out[r, c, p, q] = max(vals) if vals else 0
    return out


def _pool_reference(x, outsize, scale, reduce):
    out = numpy.zeros((len(ROIS), x.shape[1]) + outsize)
    h, w = x.shape[2:]
    for r, roi in enumerate(ROIS.astype(numpy.float64)):
        y0, x0, y1, x1 = [int(round(v * scale)) for v in roi]
        sh, sw = max(y1 - y0, 1) / outsize[0], max(x1 - x0, 1) / outsize[1]
        for p in range(outsize[0]):
            ys = slice(min(max(int(math.floor(p * sh)) + y0, 0), h),
                       min(max(int(math.ceil((p + 1) * sh)) + y0, 0), h))
            for q in range(outsize[1]):
                xs = slice(min(max(int(math.floor(q * sw)) + x0, 0), w),
                           min(max(int(math.ceil((q + 1) * sw)) + x0, 0), w))
                patch = x[IDX[r], :, ys, xs].reshape(x.shape[1], -1)
                if patch.size:
                    out[r, :, p, q] = (patch.mean(axis=1) if reduce == 'average'
                                       else patch.max(axis=1))
    return out


@pytest.mark.parametrize('reduce', ['average', 'max'])
@pytest.mark.parametrize('outsize,scale,ratio', [((3, 2), 1.0, None), ((2, 3), 0.6, 2),
                                                 ((4, 4), 2.0, 1)])
def test_align_matches_reference(reduce, outsize, scale, ratio):
    x = _x()
    f = F.roi_average_align_2d if reduce == 'average' else F.roi_max_align_2d
    y = f(x, ROIS, IDX, outsize, scale, sampling_ratio=ratio)
    testing.assert_allclose(y.data, _align_reference(x, outsize, scale, ratio, reduce))


@pytest.mark.parametrize('reduce', ['average', 'max'])
@pytest.mark.parametrize('outsize,scale', [((3, 2), 1.0), ((2, 3), 0.6), (4, 2.0)])
def test_pooling_matches_reference(reduce, outsize, scale):
    x = _x()
    f = F.roi_average_pooling_2d if reduce == 'average' else F.roi_max_pooling_2d
    y = f(x, ROIS, IDX, outsize, scale)
    size = outsize if isinstance(outsize, tuple) else (outsize, outsize)
    testing.assert_allclose(y.data, _pool_reference(x, size, scale, reduce))


@pytest.mark.parametrize('dtype,tol', [
    (numpy.float16, 5e-2), (numpy.float32, 1e-3), (numpy.float64, 1e-5)])
@pytest.mark.parametrize('name', ['roi_average_align_2d', 'roi_max_align_2d',
                                  'roi_average_pooling_2d', 'roi_max_pooling_2d'])
def test_first_and_second_derivatives(name, dtype, tol):
    x = _x(dtype)
    f = getattr(F, name)

    def g(x):
        return f(x, ROIS, IDX, (2, 3), 0.8)

    y = g(x)
    gy = numpy.random.randn(*y.shape).astype(dtype)
    ggx = numpy.random.randn(*x.shape).astype(dtype)
    gradient_check.check_backward(g, x, gy, dtype=numpy.float64, atol=tol, rtol=tol,
                                  eps=1e-3)
    gradient_check.check_double_backward(g, x, gy, ggx, dtype=numpy.float64,
                                         atol=tol, rtol=tol, eps=1e-3)


def test_rois_get_no_gradient():
    x = chainer.Variable(_x())
    rois = chainer.Variable(ROIS)
    y = F.roi_average_align_2d(x, rois, IDX, 2, 1.0)
    F.sum(y).backward()
    assert x.grad is not None and rois.grad is None


def test_bad_arguments():
    x = _x(numpy.float32)
    with pytest.raises(TypeError):
        F.roi_max_pooling_2d(x, ROIS, IDX, 0, 1.0)
    with pytest.raises(TypeError):
        F.roi_max_align_2d(x, ROIS, IDX, 2, -1.0)
    with pytest.raises(TypeError):
        F.roi_average_align_2d(x, ROIS, IDX, 2, 1.0, sampling_ratio=0)
    with pytest.raises(type_check.InvalidType):
        F.roi_average_pooling_2d(x, ROIS[:, :3], IDX, 2, 1.0)
    with pytest.raises(type_check.InvalidType):
        F.roi_average_pooling_2d(x, ROIS, IDX[:2], 2, 1.0)
