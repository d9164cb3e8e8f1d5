import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype):
    x = numpy.random.uniform(-2, 2, (3, 4)).astype(dtype)
    x[abs(x) < 0.1] = 0.5
    return x


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('alpha', [1.0, 0.5])
def test_forward(dtype, alpha):
    x = _input(dtype)
    y = F.elu(x, alpha=alpha)
    assert y.data.dtype == dtype
    x64 = x.astype(numpy.float64)
    expected = numpy.where(x64 >= 0, x64, alpha * (numpy.exp(x64) - 1))
    testing.assert_allclose(y.data, expected, atol=1e-3 if dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    check_backward(lambda x: F.elu(x, 0.7), _input(dtype),
                   numpy.random.randn(3, 4).astype(dtype))


def test_no_overflow_on_large_inputs():
    with numpy.errstate(over='raise', divide='raise', invalid='raise'):
        y = F.elu(numpy.array([1e4, -1e4], numpy.float32))
    testing.assert_allclose(y.data, numpy.array([1e4, -1]))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.elu(numpy.arange(3))
