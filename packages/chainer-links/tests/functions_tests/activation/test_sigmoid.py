import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
def test_forward(dtype):
    x = numpy.random.uniform(-3, 3, (3, 4)).astype(dtype)
    y = F.sigmoid(x)
    assert y.data.dtype == dtype
    expected = 1 / (1 + numpy.exp(-x.astype(numpy.float64)))
    testing.assert_allclose(y.data, expected, atol=1e-3 if dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = numpy.random.uniform(-3, 3, (3, 4)).astype(dtype)
    check_backward(F.sigmoid, x, numpy.random.randn(3, 4).astype(dtype))


def test_stable_for_large_inputs():
    x = numpy.array([-1000, -50, 0, 50, 1000], numpy.float32)
    with numpy.errstate(over='raise', divide='raise', invalid='raise'):
        y = F.sigmoid(x)
    testing.assert_allclose(y.data, numpy.array([0, 0, 0.5, 1, 1]), atol=1e-7)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.sigmoid(numpy.arange(3))
