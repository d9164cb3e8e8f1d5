"""F.spatial_pyramid_pooling_2d against per-level loop pooling."""
import math

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _reference(x, pyramid_height, max_pool_reference):
    levels = []
    for i in range(pyramid_height):
        k = [math.ceil(b / 2 ** i) for b in x.shape[2:]]
        p = [(2 ** i * kk - b) // 2 for kk, b in zip(k, x.shape[2:])]
        levels.append(max_pool_reference(x, k, k, p, True).reshape(len(x), -1))
    return numpy.concatenate(levels, axis=1)[:, :, None, None]


@pytest.mark.parametrize('spatial,height', [((4, 4), 3), ((7, 5), 2), ((8, 6), 3)])
def test_forward(dtype, distinct, max_pool_reference, spatial, height):
    x = distinct((2, 3) + spatial, dtype)
    y = F.spatial_pyramid_pooling_2d(x, height, F.MaxPooling2D)
    # documented shape: (batchsize, c * sum_h 2^(2h), 1, 1)
    assert y.shape == (2, 3 * sum(4 ** h for h in range(height)), 1, 1)
    testing.assert_allclose(y.data, _reference(x, height, max_pool_reference),
                            atol=0, rtol=0)


@pytest.mark.parametrize('spatial,height', [((4, 4), 3), ((5, 3), 2)])
def test_backward(dtype, distinct, check_backward, spatial, height):
    x = distinct((1, 2) + spatial, dtype)

    def f(x):
        return F.spatial_pyramid_pooling_2d(x, height, F.MaxPooling2D)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_bad_arguments():
    x = numpy.zeros((1, 1, 4, 4), numpy.float32)
    with pytest.raises(ValueError, match='pooling_class'):
        F.spatial_pyramid_pooling_2d(x, 2, F.AveragePooling2D)
    with pytest.raises(ValueError, match='pyramid_height'):
        F.spatial_pyramid_pooling_2d(x, 0, F.MaxPooling2D)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.spatial_pyramid_pooling_2d(numpy.zeros((1, 4, 4), numpy.float32), 2,
                                     F.MaxPooling2D)
    with pytest.raises(type_check.InvalidType):
        F.spatial_pyramid_pooling_2d(numpy.zeros((1, 1, 4, 4), numpy.int32), 2,
                                     F.MaxPooling2D)
