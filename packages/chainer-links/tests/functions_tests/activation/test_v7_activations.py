"""swish, selu, rrelu, relu6 and the axis of softmax/log_softmax (v2+): forward,
gradients of first and second order."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


def _check_twice(rng, func, inputs):
    if not isinstance(inputs, tuple):
        inputs = (inputs,)
    y = func(*inputs)
    gy = numpy.asarray(rng.randn(*y.shape))
    ggs = tuple(numpy.asarray(rng.randn(*x.shape)) for x in inputs)
    gradient_check.check_backward(func, inputs, gy)
    gradient_check.check_double_backward(func, inputs, gy, ggs)


def test_swish(rng):
    x, beta = rng.randn(2, 3, 4), rng.randn(3)
    y = F.swish(x, beta)
    b = beta.reshape(1, 3, 1)
    numpy.testing.assert_allclose(y.data, x / (1 + numpy.exp(-b * x)))
    _check_twice(rng, F.swish, (x, beta))


def test_swish_rejects_a_beta_of_the_wrong_shape():
    with pytest.raises(type_check.InvalidType):
        F.swish(numpy.ones((2, 3)), numpy.ones(4))


def test_selu(rng):
    x = rng.randn(3, 4)
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    expected = scale * numpy.where(x >= 0, x, alpha * (numpy.exp(x) - 1))
    numpy.testing.assert_allclose(F.selu(x).data, expected)
    _check_twice(rng, lambda x: F.selu(x, 0.5, 2.0), x)


def test_relu6():
    x = numpy.array([-1.0, 3.0, 7.0], numpy.float32)
    numpy.testing.assert_array_equal(F.relu6(x).data, [0, 3, 6])


def test_rrelu_draws_slopes_in_training_and_uses_their_mean_in_test(rng):
    x = rng.randn(4, 5)
    y, r = F.rrelu(x, return_r=True)
    assert ((r >= 1 / 8) & (r < 1 / 3)).all()
    numpy.testing.assert_allclose(y.data, numpy.where(x >= 0, x, r * x))
    with chainer.using_config('train', False):
        y = F.rrelu(x, l=0.1, u=0.3)
    numpy.testing.assert_allclose(y.data, numpy.where(x >= 0, x, 0.2 * x))
    x[abs(x) < 0.05] = 0.1  # away from the kink

    def func(x):
        return F.rrelu(x, r=r)
    _check_twice(rng, func, x)
    with pytest.raises(ValueError):
        F.rrelu(x, l=0.5, u=0.2)


@pytest.mark.parametrize('axis', [0, 1, 2, -1])
def test_softmax_and_log_softmax_along_an_axis(rng, axis):
    x = rng.randn(2, 3, 4)
    e = numpy.exp(x - x.max(axis=axis, keepdims=True))
    p = e / e.sum(axis=axis, keepdims=True)
    numpy.testing.assert_allclose(F.softmax(x, axis=axis).data, p)
    numpy.testing.assert_allclose(F.log_softmax(x, axis=axis).data, numpy.log(p))
    _check_twice(rng, lambda x: F.softmax(x, axis=axis), x)
    _check_twice(rng, lambda x: F.log_softmax(x, axis=axis), x)


def _away_from_zero(rng, shape):
    x = rng.randn(*shape)
    x[abs(x) < 0.05] = 0.1
    return x


@pytest.mark.parametrize('axis', [1, -1])
def test_crelu_differentiates_twice(rng, axis):
    _check_twice(rng, lambda x: F.crelu(x, axis=axis), _away_from_zero(rng, (2, 4, 3)))


@pytest.mark.parametrize('w_shape', [(), (4,), (4, 3)])
def test_prelu_differentiates_twice(rng, w_shape):
    x = _away_from_zero(rng, (2, 4, 3))
    _check_twice(rng, F.prelu, (x, numpy.asarray(rng.randn(*w_shape))))


@pytest.mark.parametrize('pool_size,axis', [(2, 1), (3, 2)])
def test_maxout_differentiates_twice(rng, pool_size, axis):
    x = numpy.arange(24, dtype=numpy.float64).reshape(2, 4, 3)
    x = x[..., rng.permutation(3)] + rng.uniform(0, 0.1, (2, 4, 3))  # no ties
    _check_twice(rng, lambda x: F.maxout(x, pool_size, axis=axis), x)
