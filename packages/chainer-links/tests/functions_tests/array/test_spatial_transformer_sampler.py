import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from chainer.utils import type_check


def _tent_sampling(x, grid):
    """Each sample is sum_ij x[i, j] * tent(y - i) * tent(x - j), tent(d) =
    max(0, 1 - |d|), with (x, y) the point in pixel units: bilinear interpolation
    with zeros outside the image."""
    batch, channels, height, width = x.shape
    out = numpy.zeros((batch, channels) + grid.shape[2:])
    rows, cols = numpy.arange(height), numpy.arange(width)
    for b in range(batch):
        for i in range(grid.shape[2]):
            for j in range(grid.shape[3]):
                px = (float(grid[b, 0, i, j]) + 1) * (width - 1) / 2
                py = (float(grid[b, 1, i, j]) + 1) * (height - 1) / 2
                weights = numpy.outer(numpy.maximum(0, 1 - abs(py - rows)),
                                      numpy.maximum(0, 1 - abs(px - cols)))
                out[b, :, i, j] = (x[b] * weights).sum(axis=(1, 2))
    return out


def _grid_off_the_pixel_lines(rng, batch, out_shape, height, width, dtype):
    """Random points from one pixel before to one after the image, each away from
    the pixel lines, where the bilinear samples are not differentiable."""
    shape = (batch,) + out_shape
    px = rng.randint(-2, width + 1, shape) + rng.uniform(0.15, 0.85, shape)
    py = rng.randint(-2, height + 1, shape) + rng.uniform(0.15, 0.85, shape)
    grid = numpy.stack([px * 2 / (width - 1) - 1, py * 2 / (height - 1) - 1], axis=1)
    return grid.astype(dtype)


@pytest.mark.parametrize('in_shape,out_shape', [((2, 2, 4, 3), (3, 2)),
                                                ((1, 3, 3, 5), (2, 4))])
def test_spatial_transformer_sampler(rng, dtype, check_backward, in_shape, out_shape):
    x = rng.uniform(-1, 1, in_shape).astype(dtype)
    grid = _grid_off_the_pixel_lines(rng, in_shape[0], out_shape, *in_shape[2:],
                                     dtype=dtype)
    y = F.spatial_transformer_sampler(x, grid)
    assert y.data.dtype == dtype
    assert y.shape == in_shape[:2] + out_shape
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    numpy.testing.assert_allclose(y.data, _tent_sampling(x, grid), atol=tol, rtol=tol)
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    check_backward(F.SpatialTransformerSampler(), (x, grid), gy)


def test_sampling_the_identity_grid_copies_the_image(rng):
    x = rng.uniform(-1, 1, (2, 3, 4, 5)).astype(numpy.float32)
    theta = numpy.tile(numpy.array([[1, 0, 0], [0, 1, 0]], numpy.float32), (2, 1, 1))
    grid = F.spatial_transformer_grid(theta, (4, 5))
    y = F.spatial_transformer_sampler(x, grid, use_cudnn=False)
    numpy.testing.assert_allclose(y.data, x, atol=1e-6)


def test_points_far_outside_sample_zero_and_get_no_gradient():
    x = numpy.ones((1, 1, 3, 3), numpy.float32)
    grid = numpy.full((1, 2, 1, 2), 5, numpy.float32)
    y = F.spatial_transformer_sampler(x, grid)
    numpy.testing.assert_array_equal(y.data, 0)
    gx, ggrid = F.SpatialTransformerSampler().backward((x, grid), (numpy.ones_like(y.data),))
    numpy.testing.assert_array_equal(gx, 0)
    numpy.testing.assert_array_equal(ggrid, 0)


@pytest.mark.parametrize('x,grid', [
    (numpy.zeros((1, 1, 3, 3), numpy.float32), numpy.zeros((1, 3, 2, 2), numpy.float32)),
    (numpy.zeros((2, 1, 3, 3), numpy.float32), numpy.zeros((1, 2, 2, 2), numpy.float32)),
    (numpy.zeros((1, 3, 3), numpy.float32), numpy.zeros((1, 2, 2, 2), numpy.float32)),
    (numpy.zeros((1, 1, 3, 3), numpy.float32), numpy.zeros((1, 2, 2, 2), numpy.float64)),
    (numpy.zeros((1, 1, 3, 3), numpy.int32), numpy.zeros((1, 2, 2, 2), numpy.int32)),
])
def test_spatial_transformer_sampler_invalid_type(x, grid):
    with pytest.raises(type_check.InvalidType):
        F.spatial_transformer_sampler(x, grid)


@attr.gpu
def test_spatial_transformer_sampler_on_gpu_matches_the_host(compare_with_gpu):
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-1, 1, (2, 3, 4, 5)).astype(numpy.float32)
    grid = _grid_off_the_pixel_lines(rng, 2, (3, 3), 4, 5, numpy.float32)
    compare_with_gpu(F.spatial_transformer_sampler, [x, grid])
