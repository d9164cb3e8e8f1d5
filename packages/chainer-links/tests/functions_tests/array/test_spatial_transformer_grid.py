import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from chainer.utils import type_check


def _normalized(k, size):
    return -1.0 if size == 1 else -1.0 + 2.0 * k / (size - 1)


def _loop_grid(theta, out_h, out_w):
    grid = numpy.empty((len(theta), 2, out_h, out_w))
    for b in range(len(theta)):
        for i in range(out_h):
            for j in range(out_w):
                target = numpy.array([_normalized(j, out_w), _normalized(i, out_h), 1.0])
                grid[b, :, i, j] = theta[b].astype(numpy.float64).dot(target)
    return grid


@pytest.mark.parametrize('out_shape', [(3, 4), (5, 2), (1, 3)])
def test_spatial_transformer_grid(rng, dtype, check_backward, out_shape):
    theta = rng.uniform(-1, 1, (2, 2, 3)).astype(dtype)
    grid = F.spatial_transformer_grid(theta, out_shape)
    assert grid.data.dtype == dtype
    tol = 5e-3 if dtype == numpy.float16 else 1e-6
    numpy.testing.assert_allclose(grid.data, _loop_grid(theta, *out_shape),
                                  atol=tol, rtol=tol)
    ggrid = rng.uniform(-1, 1, grid.shape).astype(dtype)
    check_backward(F.SpatialTransformerGrid(out_shape), theta, ggrid)


def test_identity_theta_gives_the_normalized_target_coordinates():
    theta = numpy.array([[[1, 0, 0], [0, 1, 0]]], numpy.float32)
    grid = F.spatial_transformer_grid(theta, (2, 3), use_cudnn=False).data
    numpy.testing.assert_allclose(grid[0, 0], [[-1, 0, 1], [-1, 0, 1]])
    numpy.testing.assert_allclose(grid[0, 1], [[-1, -1, -1], [1, 1, 1]])


@pytest.mark.parametrize('theta', [numpy.zeros((2, 3, 3), numpy.float32),
                                   numpy.zeros((2, 2, 2), numpy.float32),
                                   numpy.zeros((2, 3), numpy.float32),
                                   numpy.zeros((1, 2, 3), numpy.int32)])
def test_spatial_transformer_grid_invalid_type(theta):
    with pytest.raises(type_check.InvalidType):
        F.spatial_transformer_grid(theta, (2, 2))


@attr.gpu
def test_spatial_transformer_grid_on_gpu_matches_the_host(compare_with_gpu):
    theta = numpy.random.uniform(-1, 1, (2, 2, 3)).astype(numpy.float32)
    compare_with_gpu(lambda t: F.spatial_transformer_grid(t, (4, 5)), [theta])
