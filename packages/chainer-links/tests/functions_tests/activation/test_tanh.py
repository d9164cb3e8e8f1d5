import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


@pytest.mark.parametrize('dtype', DTYPES)
def test_forward(dtype):
    x = numpy.random.uniform(-2, 2, (2, 3, 2)).astype(dtype)
    y = F.tanh(x)
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, numpy.tanh(x.astype(numpy.float64)),
                            atol=1e-3 if dtype == numpy.float16 else 1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    x = numpy.random.uniform(-2, 2, (2, 3, 2)).astype(dtype)
    check_backward(F.tanh, x, numpy.random.randn(2, 3, 2).astype(dtype))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.tanh(numpy.arange(3))
