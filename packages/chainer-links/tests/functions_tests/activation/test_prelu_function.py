import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype, shape):
    x = numpy.random.uniform(-1, 1, shape).astype(dtype)
    x[abs(x) < 0.1] = 0.5
    return x


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,w_shape', [
    ((4, 3), (3,)), ((2, 3, 2, 2), (3,)), ((2, 3, 2), (3, 2)), ((2, 3), ())])
def test_forward(dtype, x_shape, w_shape):
    x = _input(dtype, x_shape)
    W = numpy.random.uniform(-1, 1, w_shape).astype(dtype)
    y = F.prelu(x, W)
    assert y.data.dtype == dtype
    w = W.reshape((1,) + W.shape + (1,) * (x.ndim - W.ndim - 1))
    testing.assert_allclose(y.data, numpy.where(x >= 0, x, w * x))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,w_shape', [((2, 3, 2), (3,)), ((2, 3, 2), (3, 2))])
def test_backward(dtype, x_shape, w_shape, check_backward):
    x = _input(dtype, x_shape)
    W = numpy.random.uniform(-1, 1, w_shape).astype(dtype)
    check_backward(F.prelu, (x, W), numpy.random.randn(*x_shape).astype(dtype))


def test_weight_shape_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.prelu(numpy.zeros((2, 3), numpy.float32), numpy.zeros(4, numpy.float32))


def test_weight_with_too_many_dims_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.prelu(numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float32))


def test_dtype_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.prelu(numpy.zeros((2, 3), numpy.float32), numpy.zeros(3, numpy.float64))


def test_prelu_with_a_0_dim_weight_has_an_array_gradient_as_in_v1(check_backward):
    x = numpy.array([[-1.0, 2.0], [0.5, -3.0]], numpy.float32)
    W = numpy.array(0.25, numpy.float32)
    y = F.prelu(x, W)
    numpy.testing.assert_allclose(y.data, [[-0.25, 2.0], [0.5, -0.75]])
    check_backward(F.prelu, (x, W), numpy.ones((2, 2), numpy.float32))
