import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _input(dtype):
    x = numpy.random.uniform(-1, 1, (3, 2, 2)).astype(dtype)
    x[abs(x) < 0.1] = 0.5
    return x


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('slope', [0.2, 0.7])
def test_forward(dtype, slope):
    x = _input(dtype)
    y = F.leaky_relu(x, slope=slope)
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, numpy.maximum(x, dtype(slope) * x))


def test_default_slope_is_point_two():
    testing.assert_allclose(F.leaky_relu(numpy.array([-1.0, 2.0])).data, numpy.array([-0.2, 2.0]))


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward(dtype, check_backward):
    check_backward(lambda x: F.leaky_relu(x, 0.3), _input(dtype),
                   numpy.random.randn(3, 2, 2).astype(dtype))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.leaky_relu(numpy.arange(3))
