import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from chainer.utils import type_check


def _loop_space2depth(x, r):
    n, c, hr, wr = x.shape
    y = numpy.empty((n, r * r * c, hr // r, wr // r), x.dtype)
    for di in range(r):
        for dj in range(r):
            for ch in range(c):
                y[:, (di * r + dj) * c + ch] = x[:, ch, di::r, dj::r]
    return y


@pytest.mark.parametrize('shape,r', [((2, 2, 6, 4), 2), ((1, 1, 3, 6), 3),
                                     ((1, 3, 2, 2), 1)])
def test_space2depth(rng, dtype, check_backward, shape, r):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.space2depth(x, r)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, _loop_space2depth(x, r))
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    check_backward(F.Space2Depth(r), x, gy)


def test_space2depth_inverts_depth2space(rng):
    x = rng.uniform(-1, 1, (2, 12, 2, 3)).astype(numpy.float32)
    numpy.testing.assert_array_equal(F.space2depth(F.depth2space(x, 2), 2).data, x)


@pytest.mark.parametrize('x', [numpy.zeros((1, 1, 3, 4), numpy.float32),
                               numpy.zeros((1, 1, 4, 3), numpy.float32),
                               numpy.zeros((4, 4, 4), numpy.float32),
                               numpy.zeros((1, 1, 4, 4), numpy.int32)])
def test_space2depth_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        F.space2depth(x, 2)


@attr.gpu
def test_space2depth_on_gpu_matches_the_host(compare_with_gpu):
    x = numpy.random.uniform(-1, 1, (2, 2, 6, 4)).astype(numpy.float32)
    compare_with_gpu(lambda x: F.space2depth(x, 2), [x])
