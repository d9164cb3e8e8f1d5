import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('beta', [1.0, 2.5])
def test_forward(dtype, beta):
    x = numpy.random.uniform(-2, 2, (3, 4)).astype(dtype)
    y = F.softplus(x, beta=beta)
    assert y.data.dtype == dtype
    expected = numpy.log(1 + numpy.exp(beta * x.astype(numpy.float64))) / beta
    testing.assert_allclose(y.data, expected, atol=2e-3 if dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = numpy.random.uniform(-2, 2, (3, 4)).astype(dtype)
    check_backward(lambda v: F.softplus(v, 2.0), x, numpy.random.randn(3, 4).astype(dtype))


def test_stable_for_large_inputs():
    x = numpy.array([-1000, 1000], numpy.float32)
    with numpy.errstate(over='raise'):
        y = F.softplus(x)
    testing.assert_allclose(y.data, numpy.array([0, 1000]))


def test_zero_beta_is_rejected():
    with pytest.raises(ValueError, match='beta'):
        F.softplus(numpy.zeros(2, numpy.float32), beta=0)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.softplus(numpy.arange(3))
