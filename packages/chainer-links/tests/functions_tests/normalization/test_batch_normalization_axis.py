"""v5+ arguments of the batch normalizations (axis=, parameters of another dtype) and
their second derivatives."""
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(x, gamma, beta, axes, eps, mean=None, var=None):
    if mean is None:
        mean = x.mean(axis=axes)
        var = x.var(axis=axes)
    shape = tuple(1 if i in axes else n for i, n in enumerate(x.shape))
    r = lambda p: p.reshape(shape)  # noqa: E731
    return r(gamma) * (x - r(mean)) / numpy.sqrt(r(var) + eps) + r(beta)


@pytest.mark.parametrize('x_shape,axis', [
    ((4, 3, 2), (0, 2)),
    ((4, 3), 0),
    ((4, 3, 2), (0, 1)),
    ((2, 3, 4), -1),
])
def test_batch_normalization_with_axis_matches_numpy(x_shape, axis):
    x = numpy.random.randn(*x_shape)
    axes = tuple(sorted(a % len(x_shape) for a in
                        ((axis,) if isinstance(axis, int) else axis)))
    p_shape = tuple(n for i, n in enumerate(x_shape) if i not in axes)
    gamma = numpy.random.uniform(.5, 1, p_shape)
    beta = numpy.random.randn(*p_shape)
    mean, var = numpy.zeros(p_shape), numpy.ones(p_shape)
    y = F.batch_normalization(x, gamma, beta, eps=1e-3, axis=axis,
                              running_mean=mean, running_var=var, decay=0.5)
    testing.assert_allclose(y.data, _reference(x, gamma, beta, axes, 1e-3))
    m = x.size // gamma.size
    testing.assert_allclose(mean, 0.5 * x.mean(axis=axes))
    testing.assert_allclose(var, 0.5 + 0.5 * x.var(axis=axes) * m / (m - 1))


def test_fixed_batch_normalization_with_axis_matches_numpy():
    x = numpy.random.randn(2, 3, 4)
    gamma, beta = numpy.random.uniform(.5, 1, (2, 3)), numpy.random.randn(2, 3)
    mean, var = numpy.random.randn(2, 3), numpy.random.uniform(.5, 1, (2, 3))
    y = F.fixed_batch_normalization(x, gamma, beta, mean, var, eps=1e-3, axis=2)
    testing.assert_allclose(y.data, _reference(x, gamma, beta, (2,), 1e-3, mean, var))


def test_axis_that_does_not_fit_the_parameters_is_rejected():
    x = numpy.zeros((4, 3, 2), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.batch_normalization(x, numpy.ones(3, numpy.float32),
                              numpy.zeros(3, numpy.float32), axis=(0, 1))
    with pytest.raises(type_check.InvalidType):
        F.batch_normalization(x, numpy.ones((3, 2), numpy.float32),
                              numpy.zeros((3, 2), numpy.float32), axis=3)


def test_parameters_of_another_dtype_keep_their_dtype():
    x = numpy.random.randn(5, 3).astype(numpy.float16)
    gamma, beta = numpy.ones(3, numpy.float64), numpy.zeros(3, numpy.float64)
    mean, var = numpy.zeros(3, numpy.float64), numpy.ones(3, numpy.float64)
    y = F.batch_normalization(x, gamma, beta, running_mean=mean, running_var=var)
    assert y.dtype == numpy.float16 and mean.dtype == numpy.float64
    testing.assert_allclose(y.data, _reference(x.astype(numpy.float64), gamma, beta,
                                               (0,), 2e-5), atol=1e-2, rtol=1e-2)
    testing.assert_allclose(mean, 0.1 * x.astype(numpy.float64).mean(axis=0),
                            atol=1e-3, rtol=1e-2)


def test_one_sample_per_channel_warns():
    x = numpy.ones((1, 3), numpy.float32)
    p = numpy.ones(3, numpy.float32)
    with pytest.warns(UserWarning):
        F.batch_normalization(x, p, p)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        F.batch_normalization(numpy.ones((1, 3, 2), numpy.float32), p, p)


@pytest.mark.parametrize('axis,x_shape,p_shape', [
    (None, (4, 3, 2), (3,)), ((0, 2), (3, 2, 4), (2,)), (None, (4, 2, 3), (2, 3))])
@pytest.mark.parametrize('dtype,tol', [
    (numpy.float16, 5e-2), (numpy.float32, 1e-2), (numpy.float64, 1e-4)])
def test_batch_normalization_double_backward(axis, x_shape, p_shape, dtype, tol):
    x = numpy.random.randn(*x_shape).astype(dtype)
    gamma = numpy.random.uniform(.5, 1, p_shape).astype(dtype)
    beta = numpy.random.randn(*p_shape).astype(dtype)
    gy = numpy.random.randn(*x_shape).astype(dtype)
    ggs = [numpy.random.randn(*a.shape).astype(dtype) for a in (x, gamma, beta)]

    def f(x, gamma, beta):
        return F.batch_normalization(x, gamma, beta, eps=1e-2, axis=axis)

    gradient_check.check_backward(f, (x, gamma, beta), gy, dtype=numpy.float64,
                                  atol=tol, rtol=tol)
    gradient_check.check_double_backward(f, (x, gamma, beta), gy, ggs,
                                         dtype=numpy.float64, atol=tol, rtol=tol)


@pytest.mark.parametrize('dtype,tol', [
    (numpy.float16, 5e-2), (numpy.float32, 1e-2), (numpy.float64, 1e-4)])
def test_fixed_batch_normalization_double_backward(dtype, tol):
    x = numpy.random.randn(4, 3, 2).astype(dtype)
    params = [numpy.random.uniform(.5, 1, 3).astype(dtype) for _ in range(4)]
    gy = numpy.random.randn(4, 3, 2).astype(dtype)
    ggs = [numpy.random.randn(*a.shape).astype(dtype) for a in [x] + params]

    def f(*xs):
        return F.fixed_batch_normalization(*xs, eps=1e-2)

    gradient_check.check_double_backward(f, [x] + params, gy, ggs,
                                         dtype=numpy.float64, atol=tol, rtol=tol)


def test_double_backward_of_mixed_dtypes_keeps_each_dtype():
    x = chainer.Variable(numpy.random.randn(4, 3).astype(numpy.float32))
    gamma = chainer.Variable(numpy.random.uniform(.5, 1, 3))
    beta = chainer.Variable(numpy.zeros(3))
    y = F.batch_normalization(x, gamma, beta)
    gx, gg = chainer.grad([y * y], [x, gamma], [numpy.ones((4, 3), numpy.float32)],
                          enable_double_backprop=True)
    assert gx.dtype == numpy.float32 and gg.dtype == numpy.float64
    # L = sum (gamma x_hat + beta)^2: dL/dgamma = 2 gamma sum(x_hat^2) = 2 m gamma
    testing.assert_allclose(gg.data, 8 * gamma.data, rtol=1e-3)
    g2, = chainer.grad([gg], [gamma], [numpy.ones(3)])
    assert g2.dtype == numpy.float64
    testing.assert_allclose(g2.data, numpy.full(3, 8.0), rtol=1e-3)
