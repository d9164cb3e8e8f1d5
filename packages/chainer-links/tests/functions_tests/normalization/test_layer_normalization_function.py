import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def test_forward_matches_numpy():
    x = numpy.random.randn(3, 5)
    gamma, beta = numpy.random.randn(5), numpy.random.randn(5)
    y = F.layer_normalization(x, gamma, beta, eps=1e-3)
    x_hat = (x - x.mean(axis=1, keepdims=True)) / numpy.sqrt(
        x.var(axis=1, keepdims=True) + 1e-3)
    testing.assert_allclose(y.data, x_hat * gamma + beta)


@pytest.mark.parametrize('dtype,tol', [
    (numpy.float16, 5e-2), (numpy.float32, 1e-2), (numpy.float64, 1e-4)])
def test_backward_and_double_backward(dtype, tol):
    x = numpy.random.randn(3, 4).astype(dtype)
    gamma = numpy.random.uniform(.5, 1, 4).astype(dtype)
    beta = numpy.random.randn(4).astype(dtype)
    gy = numpy.random.randn(3, 4).astype(dtype)
    ggs = [numpy.random.randn(*a.shape).astype(dtype) for a in (x, gamma, beta)]

    def f(*xs):
        return F.layer_normalization(*xs, eps=1e-2)

    gradient_check.check_backward(f, (x, gamma, beta), gy, dtype=numpy.float64,
                                  atol=tol, rtol=tol)
    gradient_check.check_double_backward(f, (x, gamma, beta), gy, ggs,
                                         dtype=numpy.float64, atol=tol, rtol=tol)


def test_bad_shapes_are_rejected():
    p = numpy.ones(4, numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.layer_normalization(numpy.zeros((2, 3), numpy.float32), p, p)
    with pytest.raises(type_check.InvalidType):
        F.layer_normalization(numpy.zeros((2, 4, 1), numpy.float32), p, p)
