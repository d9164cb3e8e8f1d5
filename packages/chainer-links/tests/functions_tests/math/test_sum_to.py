"""F.sum_to (v3+): the inverse of broadcasting, differentiable twice."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check


@pytest.mark.parametrize('x_shape,shape', [
    ((2, 3), (1, 3)), ((2, 3), (2, 1)), ((2, 3), (3,)), ((4, 2, 3), (2, 1)),
    ((2, 3), ()), ((2, 3), (1, 1))])
def test_values_match_numpy(x_shape, shape):
    x = numpy.arange(numpy.prod(x_shape), dtype=numpy.float32).reshape(x_shape)
    y = F.sum_to(x, shape)
    lead = len(x_shape) - len(shape)
    axes = tuple(range(lead)) + tuple(
        lead + i for i, s in enumerate(shape) if s == 1 and x_shape[lead + i] != 1)
    want = x.sum(axis=axes, keepdims=True).reshape(shape)
    assert y.shape == shape and y.dtype == x.dtype
    numpy.testing.assert_array_equal(y.array, want)


def test_the_same_shape_gives_the_input_as_a_variable():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    assert F.sum_to(x, (2, 3)) is x
    assert isinstance(F.sum_to(numpy.ones(3), (3,)), chainer.Variable)


def test_a_shape_that_does_not_broadcast_is_refused():
    with pytest.raises(ValueError, match='does not broadcast'):
        F.sum_to(numpy.ones((2, 3)), (2, 3, 1))
    with pytest.raises(ValueError, match='does not broadcast'):
        F.sum_to(numpy.ones((2, 3)), (2,))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_gradients_first_and_second_order(dtype):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(dtype)
    gy = rng.uniform(-1, 1, (2, 1)).astype(dtype)
    ggx = rng.uniform(-1, 1, x.shape).astype(dtype)
    # float16: a step the sums of 12 values still resolve (sum_to is linear)
    tol = dict(atol=5e-2, rtol=5e-2, eps=2.0 ** -3) if dtype == numpy.float16 else {}
    gradient_check.check_backward(lambda a: F.sum_to(a, (2, 1)), x, gy, **tol)
    gradient_check.check_double_backward(lambda a: F.sum_to(a, (2, 1)) ** 2, x, gy, ggx,
                                         **tol)
    assert F.SumTo is chainer.functions.math.sum.SumTo
