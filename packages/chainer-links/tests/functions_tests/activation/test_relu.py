import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype, shape=(3, 4)):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype)
    x[abs(x) < 0.1] = 0.5  # away from the kink, where the numerical gradient is off
    return x


@pytest.mark.parametrize('dtype', DTYPES)
def test_forward(dtype):
    x = _input(dtype)
    y = F.relu(chainer.Variable(x))
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, numpy.where(x > 0, x, 0))


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = _input(dtype)
    check_backward(F.relu, x, numpy.random.randn(3, 4).astype(dtype))


def test_gradient_at_zero_is_zero_not_nan():
    x = chainer.Variable(numpy.zeros((2, 2), numpy.float32))
    y = F.relu(x)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert (x.grad == 0).all()


def test_use_cudnn_keyword_accepted():
    x = _input(numpy.float32)
    testing.assert_allclose(F.relu(x, use_cudnn=False).data, numpy.maximum(x, 0))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.relu(numpy.arange(3, dtype=numpy.int32))


@pytest.mark.parametrize('dtype', DTYPES)
def test_gradient_is_gy_where_x_positive(dtype):
    x = chainer.Variable(_input(dtype, (2, 5)))
    y = F.relu(x)
    y.grad = numpy.random.randn(2, 5).astype(dtype)
    y.backward()
    assert x.grad.dtype == dtype
    numpy.testing.assert_array_equal(x.grad, numpy.where(x.data > 0, y.grad, 0))
