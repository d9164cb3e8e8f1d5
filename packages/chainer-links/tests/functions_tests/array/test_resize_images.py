import math

import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from chainer.utils import type_check


def _sample_position(k, in_size, out_size):
    return 0.0 if out_size == 1 else k * (in_size - 1) / (out_size - 1)


def _loop_resize(x, out_h, out_w):
    n, c, h, w = x.shape
    y = numpy.zeros((n, c, out_h, out_w))
    for i in range(out_h):
        for j in range(out_w):
            v = _sample_position(i, h, out_h)
            u = _sample_position(j, w, out_w)
            v0, u0 = min(math.floor(v), max(h - 2, 0)), min(math.floor(u), max(w - 2, 0))
            v1, u1 = min(v0 + 1, h - 1), min(u0 + 1, w - 1)
            fv, fu = v - v0, u - u0
            y[:, :, i, j] = ((1 - fv) * (1 - fu) * x[:, :, v0, u0] +
                             (1 - fv) * fu * x[:, :, v0, u1] +
                             fv * (1 - fu) * x[:, :, v1, u0] +
                             fv * fu * x[:, :, v1, u1])
    return y


@pytest.mark.parametrize('in_shape,out_shape', [
    ((2, 2, 4, 3), (5, 2)), ((1, 2, 3, 4), (2, 6)), ((1, 1, 1, 3), (2, 3)),
    ((1, 1, 3, 3), (1, 1))])
def test_resize_images(rng, dtype, check_backward, in_shape, out_shape):
    x = rng.uniform(-1, 1, in_shape).astype(dtype)
    y = F.resize_images(x, out_shape)
    assert y.data.dtype == dtype
    tol = 1e-3 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(y.data, _loop_resize(x, *out_shape), atol=tol, rtol=tol)
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    check_backward(F.ResizeImages(out_shape), x, gy)


def test_resize_images_to_the_same_size_is_the_identity(rng):
    x = rng.uniform(-1, 1, (2, 3, 4, 5)).astype(numpy.float32)
    numpy.testing.assert_allclose(F.resize_images(x, (4, 5)).data, x, rtol=1e-6)


def test_resize_images_aligns_the_corners():
    x = numpy.array([[[[1, 3], [2, 4]]]], numpy.float32)
    y = F.resize_images(x, (3, 3))
    numpy.testing.assert_allclose(y.data[0, 0], [[1, 2, 3], [1.5, 2.5, 3.5], [2, 3, 4]])


@pytest.mark.parametrize('x', [numpy.zeros((2, 3, 4), numpy.float32),
                               numpy.zeros((1, 1, 3, 3), numpy.int32)])
def test_resize_images_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        F.resize_images(x, (2, 2))


@attr.gpu
def test_resize_images_on_gpu_matches_the_host(compare_with_gpu):
    x = numpy.random.uniform(-1, 1, (2, 3, 5, 4)).astype(numpy.float32)
    compare_with_gpu(lambda x: F.resize_images(x, (7, 3)), [x])
