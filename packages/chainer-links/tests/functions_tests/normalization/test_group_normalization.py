import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(x, groups, gamma, beta, eps):
    n, c = x.shape[:2]
    g = x.reshape(n, groups, -1)
    g = (g - g.mean(axis=2, keepdims=True)) / numpy.sqrt(
        g.var(axis=2, keepdims=True) + eps)
    view = (1, c) + (1,) * (x.ndim - 2)
    return g.reshape(x.shape) * gamma.reshape(view) + beta.reshape(view)


@pytest.mark.parametrize('shape,groups', [((2, 4, 3), 2), ((3, 6), 3), ((1, 4, 2, 2), 1),
                                          ((2, 4), 4)])
def test_forward_matches_numpy(shape, groups):
    x = numpy.random.randn(*shape)
    gamma, beta = numpy.random.randn(shape[1]), numpy.random.randn(shape[1])
    y = F.group_normalization(x, groups, gamma, beta, eps=1e-3)
    testing.assert_allclose(y.data, _reference(x, groups, gamma, beta, 1e-3))


@pytest.mark.parametrize('dtype,tol', [
    (numpy.float16, 5e-2), (numpy.float32, 1e-2), (numpy.float64, 1e-4)])
def test_backward_and_double_backward(dtype, tol):
    x = numpy.random.uniform(-1, 1, (2, 4, 3)).astype(dtype)
    gamma = numpy.random.uniform(.5, 1, 4).astype(dtype)
    beta = numpy.random.randn(4).astype(dtype)
    gy = numpy.random.randn(2, 4, 3).astype(dtype)
    ggs = [numpy.random.randn(*a.shape).astype(dtype) for a in (x, gamma, beta)]

    def f(x, gamma, beta):
        return F.group_normalization(x, 2, gamma, beta, eps=1e-2)

    gradient_check.check_backward(f, (x, gamma, beta), gy, dtype=numpy.float64,
                                  atol=tol, rtol=tol)
    gradient_check.check_double_backward(f, (x, gamma, beta), gy, ggs,
                                         dtype=numpy.float64, atol=tol, rtol=tol)


def test_parameters_of_another_dtype():
    x = numpy.random.randn(2, 4).astype(numpy.float16)
    y = F.group_normalization(x, 2, numpy.ones(4, numpy.float32),
                              numpy.zeros(4, numpy.float32))
    assert y.dtype == numpy.float16


def test_bad_arguments():
    x = numpy.zeros((2, 6, 2), numpy.float32)
    p = numpy.ones(6, numpy.float32)
    with pytest.raises(ValueError):
        F.group_normalization(x, 4, p, p)
    with pytest.raises(TypeError):
        F.group_normalization(x, 2.0, p, p)
    with pytest.raises(type_check.InvalidType):
        F.group_normalization(x, 2, p[:3], p[:3])
    with pytest.raises(type_check.InvalidType):
        F.group_normalization(numpy.zeros(6, numpy.float32), 2, p, p)
