import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]
CASES = [((5, 3), (3,)), ((3, 2, 2, 3), (2,)), ((3, 2, 3, 2), (2, 3))]


def _expand(p, ndim):
    return p.reshape((1,) + p.shape + (1,) * (ndim - p.ndim - 1))


def _inputs(dtype, x_shape, p_shape):
    x = numpy.random.randn(*x_shape).astype(dtype)
    gamma = numpy.random.uniform(0.5, 1.5, p_shape).astype(dtype)
    beta = numpy.random.randn(*p_shape).astype(dtype)
    mean = numpy.random.randn(*p_shape).astype(dtype)
    var = numpy.random.uniform(0.5, 1.5, p_shape).astype(dtype)
    return x, gamma, beta, mean, var


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,p_shape', CASES)
def test_forward(dtype, x_shape, p_shape):
    x, gamma, beta, mean, var = _inputs(dtype, x_shape, p_shape)
    y = F.fixed_batch_normalization(x, gamma, beta, mean, var, eps=1e-3)
    assert y.data.dtype == dtype
    n = x.ndim
    e = [v.astype(numpy.float64) for v in (gamma, beta, mean, var)]
    expected = _expand(e[0], n) * (x - _expand(e[2], n)) / \
        numpy.sqrt(_expand(e[3], n) + 1e-3) + _expand(e[1], n)
    tol = dict(atol=1e-2, rtol=1e-2) if dtype == numpy.float16 else dict(atol=1e-5)
    testing.assert_allclose(y.data, expected, **tol)


def test_matches_batch_normalization_given_the_batch_statistics():
    x = numpy.random.randn(6, 3)
    gamma, beta = numpy.random.rand(3) + 0.5, numpy.random.randn(3)
    fixed = F.fixed_batch_normalization(x, gamma, beta, x.mean(axis=0), x.var(axis=0))
    testing.assert_allclose(fixed.data, F.batch_normalization(x, gamma, beta).data)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,p_shape', CASES)
def test_backward(dtype, x_shape, p_shape, check_backward):
    inputs = _inputs(dtype, x_shape, p_shape)
    gy = numpy.random.randn(*x_shape).astype(dtype)
    check_backward(F.fixed_batch_normalization, inputs, gy)


@pytest.mark.parametrize('bad', ['gamma', 'mean', 'var'])
def test_parameter_shape_mismatch_is_rejected(bad):
    f = numpy.float32
    params = {name: numpy.ones(3, f) for name in ('gamma', 'beta', 'mean', 'var')}
    params[bad] = numpy.ones(2, f)
    with pytest.raises(type_check.InvalidType):
        F.fixed_batch_normalization(numpy.zeros((4, 3), f), **params)


def test_dtype_mismatch_is_rejected():
    f = numpy.float32
    with pytest.raises(type_check.InvalidType):
        F.fixed_batch_normalization(numpy.zeros((4, 3), f), numpy.ones(3, f),
                                    numpy.zeros(3, f), numpy.zeros(3, f),
                                    numpy.ones(3, numpy.float64))
