import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def test_abs_is_absolute():
    # v1's documented Reporter example calls F.abs
    assert F.abs is F.absolute


def test_forward(rng, dtype, check_forward):
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    check_forward(F.absolute(x).data, numpy.abs(x.astype(numpy.float64)), dtype)


def test_backward(rng, dtype, check_backward):
    x = rng.uniform(0.2, 2, (3, 4)).astype(dtype)
    x *= rng.choice([-1, 1], size=x.shape).astype(dtype)  # away from the kink at 0
    check_backward(F.absolute, x, rng.uniform(-1, 1, (3, 4)).astype(dtype))


def test_gradient_at_zero_is_zero():
    x = chainer.Variable(numpy.zeros((2,), numpy.float32))
    y = F.abs(x)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert (x.grad == 0).all()


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.absolute(numpy.arange(3, dtype=numpy.int32))


def test_reporting_example_of_the_spec():
    pred = numpy.array([[1.0, -2.0]], numpy.float32)
    y = numpy.array([[0.5, 0.5]], numpy.float32)
    abs_error = F.sum(F.abs(pred - y)) / len(pred)
    numpy.testing.assert_allclose(abs_error.data, 3.0)
