import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _distinct_input(dtype, shape):
    # A shuffled grid: every group has a clear winner, so the numerical gradient
    # does not cross a tie.
    x = numpy.linspace(-1, 1, numpy.prod(shape)) * 0.5
    numpy.random.shuffle(x)
    return x.reshape(shape).astype(dtype)


def _reference(x, pool_size, axis):
    axis %= x.ndim
    shape = x.shape[:axis] + (x.shape[axis] // pool_size, pool_size) + x.shape[axis + 1:]
    return x.reshape(shape).max(axis=axis + 1)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,pool_size,axis', [
    ((2, 6), 3, 1), ((2, 6, 2), 2, 1), ((4, 3, 2), 2, 0), ((2, 3, 4), 4, -1)])
def test_forward(dtype, shape, pool_size, axis):
    x = _distinct_input(dtype, shape)
    y = F.maxout(x, pool_size, axis=axis)
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, pool_size, axis))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape,pool_size,axis', [((2, 6), 3, 1), ((2, 4, 3), 2, 1)])
def test_backward(dtype, shape, pool_size, axis, check_backward):
    x = _distinct_input(dtype, shape)
    gy = numpy.random.randn(*_reference(x, pool_size, axis).shape).astype(dtype)
    check_backward(lambda v: F.maxout(v, pool_size, axis), x, gy)


def test_axis_not_a_multiple_of_pool_size_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.maxout(numpy.zeros((2, 5), numpy.float32), 2)


def test_axis_out_of_range_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.maxout(numpy.zeros((2, 4), numpy.float32), 2, axis=2)


@pytest.mark.parametrize('pool_size', [0, -2, 1.5])
def test_bad_pool_size_is_rejected(pool_size):
    with pytest.raises(ValueError, match='pool_size'):
        F.maxout(numpy.zeros((2, 4), numpy.float32), pool_size)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.maxout(numpy.zeros((2, 4), numpy.int32), 2)
