import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def test_squared_difference(rng, dtype, check_forward, check_backward):
    x1 = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    x2 = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    y = F.squared_difference(x1, x2)
    check_forward(y.data, (x1.astype(numpy.float64) - x2) ** 2, dtype)
    gy = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    check_backward(F.squared_difference, (x1, x2), gy, dtype)


@pytest.mark.parametrize('a,b', [
    (numpy.ones((3, 2), numpy.float32), numpy.ones((2, 3), numpy.float32)),
    (numpy.ones((3, 2), numpy.float32), numpy.ones((3, 2), numpy.float64)),
    (numpy.ones((3, 2), numpy.int32), numpy.ones((3, 2), numpy.int32)),
])
def test_squared_difference_invalid(a, b):
    with pytest.raises(type_check.InvalidType):
        F.squared_difference(a, b)


def test_gradients_of_0d_inputs_keep_their_dtype():
    # numpy 1 promotes a 0-d float32 array times a Python int to float64
    a = chainer.Variable(numpy.array(0.7, numpy.float32))
    b = chainer.Variable(numpy.array(0.2, numpy.float32))
    y = F.squared_difference(a, b)
    y.grad = numpy.array(1.0, numpy.float32)
    y.backward()
    assert a.grad.dtype == numpy.float32 and b.grad.dtype == numpy.float32
