import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype, shape=(2, 3, 2)):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype)
    x[abs(x) < 0.1] = 0.5
    return x


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('axis', [0, 1, 2, -1])
def test_forward(dtype, axis):
    x = _input(dtype)
    y = F.crelu(x, axis=axis)
    assert y.data.dtype == dtype
    expected = numpy.concatenate((numpy.maximum(x, 0), numpy.maximum(-x, 0)), axis=axis)
    testing.assert_allclose(y.data, expected)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('axis', [1, 2])
def test_backward(dtype, axis, check_backward):
    x = _input(dtype)
    out_shape = list(x.shape)
    out_shape[axis] *= 2
    check_backward(lambda v: F.crelu(v, axis), x,
                   numpy.random.randn(*out_shape).astype(dtype))


def test_axis_out_of_range_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.crelu(numpy.zeros((2, 3), numpy.float32), axis=2)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.crelu(numpy.zeros((2, 3), numpy.int32))
