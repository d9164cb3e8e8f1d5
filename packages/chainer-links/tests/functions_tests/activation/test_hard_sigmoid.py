import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype):
    x = numpy.random.uniform(-4, 4, (4, 3)).astype(dtype)
    x[abs(abs(x) - 2.5) < 0.1] = 1.0  # away from the kinks at +-2.5
    return x


@pytest.mark.parametrize('dtype', DTYPES)
def test_forward(dtype):
    x = _input(dtype)
    y = F.hard_sigmoid(x)
    assert y.data.dtype == dtype
    x64 = x.astype(numpy.float64)
    expected = numpy.where(x64 < -2.5, 0, numpy.where(x64 > 2.5, 1, 0.2 * x64 + 0.5))
    testing.assert_allclose(y.data, expected, atol=1e-3 if dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    check_backward(F.hard_sigmoid, _input(dtype), numpy.random.randn(4, 3).astype(dtype))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.hard_sigmoid(numpy.arange(3))
