import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from chainer.utils import type_check


def _loop_depth2space(x, r):
    n, rrc, h, w = x.shape
    c = rrc // (r * r)
    y = numpy.empty((n, c, h * r, w * r), x.dtype)
    for di in range(r):
        for dj in range(r):
            for ch in range(c):
                y[:, ch, di::r, dj::r] = x[:, (di * r + dj) * c + ch]
    return y


@pytest.mark.parametrize('shape,r', [((2, 8, 3, 2), 2), ((1, 9, 2, 1), 3),
                                     ((1, 3, 2, 2), 1)])
def test_depth2space(rng, dtype, check_backward, shape, r):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.depth2space(x, r)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, _loop_depth2space(x, r))
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    check_backward(F.Depth2Space(r), x, gy)


def test_depth2space_of_v1_example():
    x = numpy.arange(24, dtype=numpy.float32).reshape(1, 4, 2, 3)
    y = F.depth2space(x, 2)
    assert y.shape == (1, 1, 4, 6)
    numpy.testing.assert_array_equal(y.data[0, 0, :2], [[0, 6, 1, 7, 2, 8],
                                                        [12, 18, 13, 19, 14, 20]])


@pytest.mark.parametrize('x', [numpy.zeros((1, 6, 2, 2), numpy.float32),
                               numpy.zeros((4, 2, 2), numpy.float32),
                               numpy.zeros((1, 4, 2, 2), numpy.int32)])
def test_depth2space_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        F.depth2space(x, 2)


@pytest.mark.parametrize('r', [0, 1.5, True])
def test_depth2space_invalid_factor(r):
    with pytest.raises(ValueError, match='r must be'):
        F.depth2space(numpy.zeros((1, 4, 2, 2), numpy.float32), r)


@attr.gpu
def test_depth2space_on_gpu_matches_the_host(compare_with_gpu):
    x = numpy.random.uniform(-1, 1, (2, 8, 3, 2)).astype(numpy.float32)
    compare_with_gpu(lambda x: F.depth2space(x, 2), [x])
