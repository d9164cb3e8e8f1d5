import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('x_shape,y_shape,axis,y_view', [
    ((3, 2, 4, 2), (2, 4), 1, (1, 2, 4, 1)),   # the documented Caffe example, scaled down
    ((3, 2), (3, 2), 0, (3, 2)),
    ((3, 2, 4), (4,), 2, (1, 1, 4)),
    ((3, 2), (), 1, (1, 1)),
])
def test_scale(rng, dtype, check_forward, check_backward, x_shape, y_shape, axis, y_view):
    x = rng.uniform(-1, 1, x_shape).astype(dtype)
    y = rng.uniform(-1, 1, y_shape).astype(dtype)
    z = F.scale(x, y, axis)
    expected = x.astype(numpy.float64) * y.astype(numpy.float64).reshape(y_view)
    check_forward(z.data, expected, dtype)
    gz = rng.uniform(-1, 1, x_shape).astype(dtype)
    check_backward(lambda x, y: F.scale(x, y, axis), (x, y), gz, dtype)


def test_scale_default_axis_is_1(rng):
    x = rng.uniform(-1, 1, (2, 3, 2)).astype(numpy.float32)
    y = rng.uniform(-1, 1, (3,)).astype(numpy.float32)
    numpy.testing.assert_allclose(F.scale(x, y).data, x * y.reshape(1, 3, 1), rtol=1e-6)


@pytest.mark.parametrize('x_shape,y_shape,axis,y_dtype', [
    ((3, 2, 4), (2, 3), 1, numpy.float32),   # shape mismatch at axis
    ((3, 2, 4), (2, 4), 2, numpy.float32),   # y runs past the last axis of x
    ((3, 2), (2,), -1, numpy.float32),       # negative axis
    ((3, 2), (2,), 1, numpy.float64),        # dtype mismatch
])
def test_scale_invalid(x_shape, y_shape, axis, y_dtype):
    with pytest.raises(type_check.InvalidType):
        F.scale(numpy.ones(x_shape, numpy.float32), numpy.ones(y_shape, y_dtype), axis)


def test_scale_axis_type():
    with pytest.raises(TypeError, match='axis'):
        F.scale(numpy.ones((2, 3), numpy.float32), numpy.ones(3, numpy.float32), 1.0)


def test_scale_of_misaligned_shapes_is_an_assertion_error_in_debug_mode_as_in_v1():
    x = numpy.zeros((3, 2, 3), numpy.float32)
    y = numpy.zeros(2, numpy.float32)
    with chainer.DebugMode(True):
        with pytest.raises(AssertionError, match='does not match'):
            F.scale(x, y, 0)
    with pytest.raises(type_check.InvalidType):  # out of debug mode: the type check
        F.scale(x, y, 0)
