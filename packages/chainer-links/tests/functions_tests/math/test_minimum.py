import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def test_minimum(rng, dtype, check_forward, check_backward):
    x1 = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    x2 = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    # Keep the pairs apart: the gradient jumps where x1 == x2.
    x2[numpy.abs(x1 - x2) < 0.05] += 0.2
    y = F.minimum(x1, x2)
    check_forward(y.data, numpy.minimum(x1, x2).astype(numpy.float64), dtype)
    gy = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    check_backward(F.minimum, (x1, x2), gy, dtype)


def test_minimum_tie_sends_gradient_to_first_input():
    x1 = chainer.Variable(numpy.array([1, 2, 3], numpy.float32))
    x2 = chainer.Variable(numpy.array([3, 2, 1], numpy.float32))
    y = F.minimum(x1, x2)
    y.grad = numpy.ones(3, numpy.float32)
    y.backward()
    first = x1.data <= x2.data
    numpy.testing.assert_array_equal(x1.grad, first)
    numpy.testing.assert_array_equal(x2.grad, ~first)


@pytest.mark.parametrize('a,b', [
    (numpy.ones((3, 2), numpy.float32), numpy.ones((2, 3), numpy.float32)),
    (numpy.ones((3, 2), numpy.float32), numpy.ones((3, 2), numpy.float64)),
    (numpy.ones((3, 2), numpy.int32), numpy.ones((3, 2), numpy.int32)),
])
def test_minimum_invalid(a, b):
    with pytest.raises(type_check.InvalidType):
        F.minimum(a, b)
