"""Second-order gradients of the connection functions in float16, float32 and
float64 (every input: data, weights and biases); the N-step RNNs are in
test_n_step_double_backprop.py."""
import numpy
import pytest

import chainer.functions as F

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _u(*shape):
    return ('u', shape)


def _fractional_offsets(rng, shape):
    # sampling positions away from the pixel grid, where bilinear sampling kinks
    return numpy.round(rng.uniform(-1, 1, shape)) + rng.uniform(.2, .8, shape)


# (id, function, input shapes; ('u', shape) is uniform in [-1, 1))
CASES = [
    ('bilinear', F.bilinear,
     [_u(2, 3), _u(2, 2), _u(3, 2, 2), _u(3, 2), _u(2, 2), _u(2)]),
    ('convolution_1d', lambda x, W, b: F.convolution_1d(x, W, b, pad=1),
     [_u(1, 2, 4), _u(3, 2, 2), _u(3)]),
    ('convolution_3d', lambda x, W, b: F.convolution_3d(x, W, b, stride=2, pad=1),
     [_u(1, 2, 3, 3, 2), _u(2, 2, 2, 2, 2), _u(2)]),
    ('convolution_nd', lambda x, W, b: F.convolution_nd(x, W, b, dilate=2, groups=2),
     [_u(1, 2, 5, 4), _u(2, 1, 2, 2), _u(2)]),
    ('convolution_2d', lambda x, W, b: F.convolution_2d(x, W, b, pad=1),
     [_u(1, 2, 3, 3), _u(2, 2, 2, 2), _u(2)]),
    ('deconvolution_1d', lambda x, W, b: F.deconvolution_1d(x, W, b, stride=2),
     [_u(1, 2, 3), _u(2, 3, 2), _u(3)]),
    ('deconvolution_2d', lambda x, W, b: F.deconvolution_2d(x, W, b, stride=2, pad=1),
     [_u(1, 2, 2, 3), _u(2, 2, 3, 2), _u(2)]),
    ('deconvolution_3d', lambda x, W, b: F.deconvolution_3d(x, W, b, stride=2),
     [_u(1, 2, 2, 2, 1), _u(2, 1, 2, 2, 2), _u(1)]),
    ('deconvolution_nd', lambda x, W, b: F.deconvolution_nd(x, W, b, groups=2),
     [_u(1, 2, 3, 2), _u(2, 1, 2, 2), _u(2)]),
    ('depthwise_convolution_2d', F.depthwise_convolution_2d,
     [_u(1, 2, 3, 3), _u(2, 2, 2, 2), _u(4)]),
    ('dilated_convolution_2d', lambda x, W, b: F.dilated_convolution_2d(x, W, b, dilate=2),
     [_u(1, 2, 4, 4), _u(2, 2, 2, 2), _u(2)]),
    ('linear', lambda x, W, b: F.linear(x, W, b, n_batch_axes=2),
     [_u(2, 2, 3), _u(2, 3), _u(2)]),
    ('local_convolution_2d', F.local_convolution_2d,
     [_u(1, 2, 3, 3), _u(2, 2, 2, 2, 2, 2), _u(2, 2, 2)]),
    ('shift', lambda x: F.shift(x, ksize=3, dilate=1) * x, [_u(1, 9, 3, 3)]),
]


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
@pytest.mark.parametrize('name,func,shapes', CASES, ids=[c[0] for c in CASES])
def test_differentiable_twice(rng, check_double_backward, name, func, shapes, dtype):
    inputs = tuple(rng.uniform(-1, 1, shape).astype(dtype) for _, shape in shapes)
    check_double_backward(func, inputs)


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_deformable_convolution_2d_sampler_differentiable_twice(rng, check_double_backward,
                                                                dtype):
    x = rng.uniform(-1, 1, (1, 2, 3, 3)).astype(dtype)
    W = rng.uniform(-1, 1, (2, 2, 2, 2)).astype(dtype)
    b = rng.uniform(-1, 1, (2,)).astype(dtype)
    offset = _fractional_offsets(rng, (1, 8, 2, 2)).astype(dtype) * .5
    check_double_backward(F.deformable_convolution_2d_sampler, (x, offset, W, b))


@pytest.mark.parametrize('dtype', DTYPES, ids=['f16', 'f32', 'f64'])
def test_embed_id_differentiable_twice(rng, check_double_backward, dtype):
    ids = numpy.array([[0, 2], [1, -1]], numpy.int32)
    W = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    check_double_backward(lambda x, w: F.embed_id(x, w, ignore_label=-1) ** 2, (ids, W))
