"""Second-order gradients of the reductions, pairwise and linear-algebra functions
against finite differences of their first-order gradients."""
import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check


def _check_twice(rng, func, inputs, **tolerances):
    inputs = inputs if isinstance(inputs, tuple) else (inputs,)
    y = func(*inputs)
    gy = numpy.asarray(rng.randn(*y.shape))
    ggs = tuple(numpy.asarray(rng.randn(*x.shape)) for x in inputs)
    gradient_check.check_backward(func, inputs, gy, **tolerances)
    gradient_check.check_double_backward(func, inputs, gy, ggs, **tolerances)


@pytest.mark.parametrize('axis', [None, 0, 1, (0, 1)])
@pytest.mark.parametrize('name', ['max', 'min', 'logsumexp', 'average', 'mean', 'sum'])
def test_reductions(rng, axis, name):
    _check_twice(rng, lambda x: getattr(F, name)(x, axis), rng.randn(3, 4))


@pytest.mark.parametrize('axis,w_shape', [(None, (3, 4)), (1, (4,))])
def test_weighted_average(rng, axis, w_shape):
    def func(x, w):
        return F.average(x, axis, w, keepdims=True)
    _check_twice(rng, func, (rng.randn(3, 4), rng.uniform(.5, 1, w_shape)))


@pytest.mark.parametrize('name', ['maximum', 'minimum', 'squared_difference'])
def test_pairwise(rng, name):
    _check_twice(rng, getattr(F, name), (rng.randn(3, 4), rng.randn(3, 4)))


def test_fmod_identity_interpolation_bias_scale_l2(rng):
    _check_twice(rng, F.fmod, (rng.randn(3, 4), rng.uniform(1, 2, (3, 4))))
    _check_twice(rng, lambda x: F.identity(x) * x, rng.randn(3))
    _check_twice(rng, F.linear_interpolate,
                 (rng.rand(3, 4), rng.randn(3, 4), rng.randn(3, 4)))
    _check_twice(rng, lambda x, y: F.bias(x, y, 1), (rng.randn(2, 3, 4), rng.randn(3)))
    _check_twice(rng, lambda x, y: F.scale(x, y, 1),
                 (rng.randn(2, 3, 4), rng.randn(3, 4)))
    _check_twice(rng, F.batch_l2_norm_squared, rng.randn(2, 3, 4))


def test_inverse_and_determinant(rng):
    m = rng.randn(3, 3) + 3 * numpy.eye(3)
    batch = rng.randn(2, 3, 3) + 3 * numpy.eye(3)
    tol = dict(atol=1e-4, rtol=1e-4)
    _check_twice(rng, F.inv, m, **tol)
    _check_twice(rng, F.batch_inv, batch, **tol)
    _check_twice(rng, F.det, m, **tol)
    _check_twice(rng, F.batch_det, batch, **tol)
