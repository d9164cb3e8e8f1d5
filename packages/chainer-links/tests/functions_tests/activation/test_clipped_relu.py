import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype, z):
    x = numpy.random.uniform(-1, z + 1, (4, 3)).astype(dtype)
    for kink in (0, z):  # keep away from the kinks for the numerical gradient
        x[abs(x - kink) < 0.1] = z / 2
    return x


@pytest.mark.parametrize('dtype', DTYPES)
def test_forward(dtype):
    x = _input(dtype, 0.75)
    y = F.clipped_relu(x, z=0.75)
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, numpy.minimum(numpy.maximum(x, 0), dtype(0.75)))


def test_default_z_is_20():
    x = numpy.array([-1, 5, 25], numpy.float32)
    testing.assert_allclose(F.clipped_relu(x).data, numpy.array([0, 5, 20]))


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = _input(dtype, 0.75)
    check_backward(lambda v: F.clipped_relu(v, 0.75), x,
                   numpy.random.randn(4, 3).astype(dtype))


def test_gradient_is_zero_at_the_bounds():
    x = chainer.Variable(numpy.array([0, 1], numpy.float32))
    y = F.clipped_relu(x, 1.0)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    testing.assert_allclose(x.grad, numpy.array([0, 0]))


def test_nonpositive_z_is_rejected():
    with pytest.raises(ValueError, match='z'):
        F.clipped_relu(numpy.zeros(2, numpy.float32), z=0)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.clipped_relu(numpy.arange(3))
