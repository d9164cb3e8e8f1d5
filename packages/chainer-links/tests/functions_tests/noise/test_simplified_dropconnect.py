import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _loop_reference(x, W, b, mask, ratio):
    """``y[i, j] = sum_k W[j, k] mask[i, j, k] x[i, k] / (1 - ratio) + b[j]``."""
    x = x.reshape(len(x), -1).astype(numpy.float64)
    n, (m, k_size) = len(x), W.shape
    y = numpy.zeros((n, m))
    for i in range(n):
        for j in range(m):
            y[i, j] = sum(float(W[j, k]) * mask[i, j, k] * x[i, k]
                          for k in range(k_size)) / (1 - ratio)
            if b is not None:
                y[i, j] += b[j]
    return y


def _inputs(rng, dtype, x_shape=(3, 4)):
    x = rng.uniform(-1, 1, x_shape).astype(dtype)
    W = rng.uniform(-1, 1, (2, 4)).astype(dtype)
    b = rng.uniform(-1, 1, 2).astype(dtype)
    return x, W, b


@pytest.mark.parametrize('x_shape', [(3, 4), (3, 2, 2)])
@pytest.mark.parametrize('with_bias', [True, False])
def test_forward_with_the_drawn_mask(rng, dtype, x_shape, with_bias):
    x, W, b = _inputs(rng, dtype, x_shape)
    b = b if with_bias else None
    y = F.simplified_dropconnect(chainer.Variable(x), W, b, ratio=0.4)
    mask = y.creator.mask
    assert mask.shape == (3, 2, 4) and y.data.dtype == dtype
    tol = dict(atol=1e-2, rtol=1e-2) if dtype == numpy.float16 else {}
    testing.assert_allclose(y.data, _loop_reference(x, W, b, mask, 0.4), **tol)


def test_a_given_mask_is_used(rng):
    x, W, b = _inputs(rng, numpy.float64)
    mask = rng.rand(3, 2, 4) >= 0.5
    y = F.simplified_dropconnect(x, W, b, ratio=0.5, mask=chainer.Variable(mask))
    testing.assert_allclose(y.data, _loop_reference(x, W, b, mask, 0.5))


def test_not_training_is_a_linear_function(rng):
    x, W, b = _inputs(rng, numpy.float64)
    y = F.simplified_dropconnect(x, W, b, ratio=0.9, train=False)
    testing.assert_allclose(y.data, x.dot(W.T) + b)


@pytest.mark.parametrize('with_bias', [True, False])
def test_backward(rng, dtype, check_backward, with_bias):
    x, W, b = _inputs(rng, dtype, (3, 2, 2))
    inputs = (x, W, b) if with_bias else (x, W)
    mask = rng.rand(3, 2, 4) >= 0.3
    gy = rng.uniform(-1, 1, (3, 2)).astype(dtype)

    def func(x, W, b=None):
        return F.simplified_dropconnect(x, W, b, ratio=0.3, mask=mask)
    check_backward(func, inputs, gy)


@pytest.mark.parametrize('x,W,b', [
    (numpy.zeros((3, 4), 'f'), numpy.zeros((2, 5), 'f'), None),
    (numpy.zeros(4, 'f'), numpy.zeros((2, 4), 'f'), None),
    (numpy.zeros((3, 4), 'i'), numpy.zeros((2, 4), 'f'), None),
    (numpy.zeros((3, 4), 'f'), numpy.zeros((2, 4), 'f'), numpy.zeros(3, 'f')),
])
def test_invalid_inputs(x, W, b):
    with pytest.raises(type_check.InvalidType):
        F.simplified_dropconnect(x, W, b)
