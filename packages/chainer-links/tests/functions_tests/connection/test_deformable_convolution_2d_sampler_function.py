"""F.deformable_convolution_2d_sampler: forward against a per-tap bilinear reference,
zero offsets = convolution_2d, gradients of first and second order."""
import math

import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check


def _rand(*shape, seed=0):
    return numpy.random.RandomState(seed + sum(shape)).uniform(-1, 1, shape)


def _pixel(x, n, c, yy, xx):
    h, w = x.shape[2:]
    return x[n, c, yy, xx] if 0 <= yy < h and 0 <= xx < w else 0.0


def _bilinear(x, n, c, py, px):
    y0, x0 = math.floor(py), math.floor(px)
    fy, fx = py - y0, px - x0
    return ((1 - fy) * (1 - fx) * _pixel(x, n, c, y0, x0) +
            (1 - fy) * fx * _pixel(x, n, c, y0, x0 + 1) +
            fy * (1 - fx) * _pixel(x, n, c, y0 + 1, x0) +
            fy * fx * _pixel(x, n, c, y0 + 1, x0 + 1))


def _reference(x, offset, W, b, stride, pad):
    N, C = x.shape[:2]
    M, _, kh, kw = W.shape
    oh, ow = offset.shape[2:]
    y = numpy.zeros((N, M, oh, ow))
    for n in range(N):
        for i in range(oh):
            for j in range(ow):
                taps = numpy.zeros((C, kh, kw))
                for u in range(kh):
                    for v in range(kw):
                        k = u * kw + v
                        py = i * stride[0] + u - pad[0] + offset[n, kh * kw + k, i, j]
                        px = j * stride[1] + v - pad[1] + offset[n, k, i, j]
                        for c in range(C):
                            taps[c, u, v] = _bilinear(x, n, c, py, px)
                y[n, :, i, j] = W.reshape(M, -1).dot(taps.ravel())
    if b is not None:
        y += b[None, :, None, None]
    return y


@pytest.mark.parametrize('stride,pad', [((1, 1), (0, 0)), ((2, 1), (1, 2))])
def test_forward_against_reference(stride, pad):
    x, W, b = _rand(2, 3, 5, 4), _rand(2, 3, 2, 3, seed=1), _rand(2, seed=2)
    oh = (5 + 2 * pad[0] - 2) // stride[0] + 1
    ow = (4 + 2 * pad[1] - 3) // stride[1] + 1
    offset = 1.7 * _rand(2, 12, oh, ow, seed=3)
    y = F.deformable_convolution_2d_sampler(x, offset, W, b, stride, pad)
    numpy.testing.assert_allclose(y.data, _reference(x, offset, W, b, stride, pad),
                                  atol=1e-12)


def test_zero_offsets_make_a_convolution():
    x, W = _rand(1, 2, 5, 5), _rand(3, 2, 3, 3)
    offset = numpy.zeros((1, 18, 5, 5))
    numpy.testing.assert_allclose(
        F.deformable_convolution_2d_sampler(x, offset, W, pad=1).data,
        F.convolution_2d(x, W, pad=1).data, atol=1e-12)


def test_gradients():
    x, W, b = _rand(1, 2, 4, 4), _rand(2, 2, 2, 2, seed=1), _rand(2, seed=2)
    # offsets away from integers: the interpolation is smooth there
    offset = numpy.round(2 * _rand(1, 8, 3, 3, seed=3)) + 0.3 + 0.4 * (
        _rand(1, 8, 3, 3, seed=4) > 0)
    args = (x, offset, W, b)
    gy = _rand(1, 2, 3, 3, seed=5)
    gg = tuple(_rand(*a.shape, seed=6) for a in args)

    def f(*a):
        return F.deformable_convolution_2d_sampler(*a)
    gradient_check.check_backward(f, args, gy, dtype=numpy.float64, eps=1e-4)
    gradient_check.check_double_backward(f, args, gy, gg, dtype=numpy.float64, eps=1e-4)


def test_offset_channels_must_match():
    with pytest.raises(ValueError):
        F.deformable_convolution_2d_sampler(_rand(1, 2, 4, 4), _rand(1, 6, 3, 3),
                                            _rand(2, 2, 2, 2))
