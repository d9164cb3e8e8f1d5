"""cumsum, cumprod and prod: forward, gradients of first and second order (zeros in
the input included)."""
import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check


def _input(rng, shape, zero):
    x = rng.uniform(-1, 1, shape)
    if zero and x.size:
        x.ravel()[rng.randint(x.size)] = 0
    return x


def _check(rng, func, x, y_ref):
    y = func(x)
    assert y.shape == y_ref.shape
    numpy.testing.assert_allclose(y.data, y_ref, atol=1e-12)
    gy = rng.uniform(-1, 1, y.shape)
    gradient_check.check_backward(func, x, gy)
    gradient_check.check_double_backward(func, x, gy, rng.uniform(-1, 1, x.shape))


@pytest.mark.parametrize('name', ['cumsum', 'cumprod'])
@pytest.mark.parametrize('shape,axis', [
    ((1,), 0), ((2, 3, 4), 0), ((2, 3, 4), -2), ((2, 3, 4), None), ((0, 3), 1)])
@pytest.mark.parametrize('zero', [False, True])
def test_cumulative(rng, name, shape, axis, zero):
    x = _input(rng, shape, zero)
    _check(rng, lambda x: getattr(F, name)(x, axis), x,
           getattr(numpy, name)(x, axis))


@pytest.mark.parametrize('name', ['cumsum', 'cumprod'])
def test_cumulative_axis_must_be_an_int(name):
    with pytest.raises(TypeError):
        getattr(F, name)(numpy.ones((2, 3)), axis=(0,))


@pytest.mark.parametrize('axis', [None, 1, -1, (0, 1), (2, 0), ()])
@pytest.mark.parametrize('keepdims', [False, True])
@pytest.mark.parametrize('zero', [False, True])
def test_prod(rng, axis, keepdims, zero):
    x = _input(rng, (3, 2, 4), zero)
    _check(rng, lambda x: F.prod(x, axis, keepdims), x,
           numpy.asarray(x.prod(axis=axis, keepdims=keepdims)))


def test_prod_with_two_zeros_has_a_zero_gradient_but_a_nonzero_second_one():
    x = numpy.array([0.0, 0.0, 2.0])
    _check(numpy.random.RandomState(0), F.prod, x, numpy.asarray(0.0))


def test_prod_of_an_empty_axis_is_one(rng):
    y = F.prod(numpy.ones((3, 0)), axis=1)
    numpy.testing.assert_array_equal(y.data, numpy.ones(3))


@pytest.mark.parametrize('axis,error', [
    ([0], TypeError), ((1, 'x'), TypeError), ((0, 0), ValueError),
    ((1, -2), ValueError), (3, ValueError)])
def test_prod_bad_axis(axis, error):
    with pytest.raises(error):
        F.prod(numpy.ones((3, 2, 4)), axis)
