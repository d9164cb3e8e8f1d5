import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]
# (x shape, parameter shape): statistics over the batch axis and the trailing axes
CASES = [((5, 3), (3,)), ((3, 2, 2, 3), (2,)), ((3, 2, 3, 2), (2, 3))]


def _reduce_axes(x, param):
    return (0,) + tuple(range(1 + param.ndim, x.ndim))


def _expand(p, x):
    return p.reshape((1,) + p.shape + (1,) * (x.ndim - p.ndim - 1))


def _inputs(dtype, x_shape, p_shape):
    x = numpy.random.randn(*x_shape).astype(dtype)
    gamma = numpy.random.uniform(0.5, 1.5, p_shape).astype(dtype)
    beta = numpy.random.randn(*p_shape).astype(dtype)
    return x, gamma, beta


def _reference(x, gamma, beta, eps):
    x64 = x.astype(numpy.float64)
    axes = _reduce_axes(x, gamma)
    mean = x64.mean(axis=axes, keepdims=True)
    var = x64.var(axis=axes, keepdims=True)
    return _expand(gamma, x) * (x64 - mean) / numpy.sqrt(var + eps) + _expand(beta, x)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,p_shape', CASES)
def test_forward(dtype, x_shape, p_shape):
    x, gamma, beta = _inputs(dtype, x_shape, p_shape)
    y = F.batch_normalization(x, gamma, beta, eps=1e-3)
    assert y.data.dtype == dtype
    tol = dict(atol=2e-2, rtol=2e-2) if dtype == numpy.float16 else dict(atol=1e-5)
    testing.assert_allclose(y.data, _reference(x, gamma, beta, 1e-3), **tol)


def test_default_eps():
    x, gamma, beta = _inputs(numpy.float64, (4, 3), (3,))
    testing.assert_allclose(F.batch_normalization(x, gamma, beta).data,
                            _reference(x, gamma, beta, 2e-5))


@pytest.mark.parametrize('decay', [0.9, 0.5])
def test_running_statistics_are_updated_in_place(decay):
    x, gamma, beta = _inputs(numpy.float64, (3, 2, 2, 2), (2,))
    running_mean = numpy.random.randn(2)
    running_var = numpy.random.uniform(0.5, 1, 2)
    mean0, var0 = running_mean.copy(), running_var.copy()
    mean_id, var_id = id(running_mean), id(running_var)
    F.batch_normalization(x, gamma, beta, running_mean=running_mean,
                          running_var=running_var, decay=decay)
    m = 3 * 2 * 2
    batch_mean = x.mean(axis=(0, 2, 3))
    batch_var = x.var(axis=(0, 2, 3)) * m / (m - 1)  # unbiased
    testing.assert_allclose(running_mean, decay * mean0 + (1 - decay) * batch_mean)
    testing.assert_allclose(running_var, decay * var0 + (1 - decay) * batch_var)
    assert id(running_mean) == mean_id and id(running_var) == var_id


def test_running_statistics_reachable_on_the_function_object():
    from chainer.functions.normalization.batch_normalization import (
        BatchNormalizationFunction)
    x, gamma, beta = _inputs(numpy.float32, (4, 3), (3,))
    mean, var = numpy.zeros(3, numpy.float32), numpy.ones(3, numpy.float32)
    func = BatchNormalizationFunction(mean=mean, var=var, train=True, decay=0.0)
    func(x, gamma, beta)
    testing.assert_allclose(func.running_mean, x.mean(axis=0), atol=1e-6)
    assert func.running_var is var


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('x_shape,p_shape', CASES)
def test_backward(dtype, x_shape, p_shape, check_backward):
    x, gamma, beta = _inputs(dtype, x_shape, p_shape)
    gy = numpy.random.randn(*x_shape).astype(dtype)
    check_backward(lambda *v: F.batch_normalization(*v, eps=1e-2), (x, gamma, beta), gy)


def test_gradient_accumulates_on_variables():
    x, gamma, beta = _inputs(numpy.float64, (4, 3), (3,))
    xv, gv, bv = chainer.Variable(x), chainer.Variable(gamma), chainer.Variable(beta)
    y = F.batch_normalization(xv, gv, bv)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    # Shifting the output uniformly does not change the normalized input.
    testing.assert_allclose(xv.grad, numpy.zeros_like(x), atol=1e-10)
    testing.assert_allclose(bv.grad, numpy.full(3, 4.0))


@pytest.mark.parametrize('x_shape,g_shape,b_shape', [
    ((4, 3), (4,), (4,)),     # parameters do not cover the channel axis
    ((4, 3), (3,), (2,)),     # gamma and beta differ
    ((3,), (3,), (3,)),       # no batch axis
])
def test_bad_shapes_are_rejected(x_shape, g_shape, b_shape):
    f = numpy.float32
    with pytest.raises(type_check.InvalidType):
        F.batch_normalization(numpy.zeros(x_shape, f), numpy.ones(g_shape, f),
                              numpy.zeros(b_shape, f))


def test_gamma_beta_dtype_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.batch_normalization(numpy.zeros((4, 3), numpy.float32),
                              numpy.ones(3, numpy.float64), numpy.zeros(3, numpy.float32))


def test_parameters_of_another_dtype_than_x_are_accepted():
    # v5+: the output has x's dtype, each gradient its input's dtype
    x = chainer.Variable(numpy.random.randn(4, 3).astype(numpy.float32))
    gamma = chainer.Variable(numpy.ones(3, numpy.float64))
    beta = chainer.Variable(numpy.zeros(3, numpy.float64))
    y = F.batch_normalization(x, gamma, beta)
    assert y.dtype == numpy.float32
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert gamma.grad.dtype == numpy.float64 and x.grad.dtype == numpy.float32


def test_running_statistics_of_wrong_shape_are_rejected():
    f = numpy.float32
    with pytest.raises(type_check.InvalidType):
        F.batch_normalization(numpy.zeros((4, 3), f), numpy.ones(3, f), numpy.zeros(3, f),
                              running_mean=numpy.zeros(2, f), running_var=numpy.ones(2, f))


def test_only_one_running_statistic_is_rejected():
    f = numpy.float32
    with pytest.raises(ValueError, match='running_var'):
        F.batch_normalization(numpy.zeros((4, 3), f), numpy.ones(3, f), numpy.zeros(3, f),
                              running_mean=numpy.zeros(3, f))


@pytest.mark.parametrize('decay', [1.5, -0.1, True])
def test_bad_decay_is_rejected(decay):
    f = numpy.float32
    with pytest.raises(ValueError, match='decay'):
        F.batch_normalization(numpy.zeros((4, 3), f), numpy.ones(3, f), numpy.zeros(3, f),
                              decay=decay)


def test_float16_backward_with_more_samples_than_float16_can_count():
    # m = 2 * 33000 > 65504, the largest float16: the per-channel means of the
    # gradient must not overflow.
    x = numpy.random.randn(2, 2, 33000).astype(numpy.float16)
    gamma = numpy.array([1.0, 2.0], numpy.float16)
    beta = numpy.zeros(2, numpy.float16)
    # A gradient with a mean and correlated with x, so both mean terms of gx matter,
    # yet with sums (the gradients of gamma and beta) within the float16 range.
    gy = (0.5 * x + 0.4 + 0.1 * numpy.random.randn(*x.shape)).astype(numpy.float16)
    grads = []
    for dtype in (numpy.float16, numpy.float64):
        xs = [chainer.Variable(a.astype(dtype)) for a in (x, gamma, beta)]
        y = F.batch_normalization(*xs)
        y.grad = gy.astype(dtype)
        y.backward()
        grads.append([v.grad for v in xs])
    for half, full in zip(*grads):
        assert numpy.isfinite(half).all()
        testing.assert_allclose(half, full, atol=5e-2, rtol=5e-2)


def test_node_with_train_false_normalizes_with_given_statistics_as_in_v1(check_backward):
    from chainer.functions.normalization.batch_normalization import (
        BatchNormalizationFunction)

    rng = numpy.random.RandomState(0)
    x = rng.uniform(-1, 1, (4, 3, 2)).astype(numpy.float32)
    gamma, beta = (rng.uniform(0.5, 1, 3).astype(numpy.float32) for _ in range(2))
    mean = rng.uniform(-1, 1, 3).astype(numpy.float32)
    var = rng.uniform(0.5, 1, 3).astype(numpy.float32)
    y = BatchNormalizationFunction(eps=1e-5, train=False)(x, gamma, beta, mean, var)
    expected = F.fixed_batch_normalization(x, gamma, beta, mean, var, eps=1e-5)
    testing.assert_allclose(y.data, expected.data)
    check_backward(BatchNormalizationFunction(train=False), (x, gamma, beta, mean, var),
                   rng.uniform(-1, 1, x.shape).astype(numpy.float32))
    with pytest.raises(type_check.InvalidType):  # inference needs the statistics
        BatchNormalizationFunction(train=False)(x, gamma, beta)


def test_node_with_train_true_takes_v1_positional_arguments():
    from chainer.functions.normalization.batch_normalization import (
        BatchNormalizationFunction)

    x = numpy.arange(12, dtype=numpy.float32).reshape(4, 3)
    gamma, beta = numpy.ones(3, numpy.float32), numpy.zeros(3, numpy.float32)
    # v1: (eps, mean, var, train, decay, use_cudnn)
    y = BatchNormalizationFunction(2e-5, None, None, True, 0.9, False)(x, gamma, beta)
    testing.assert_allclose(y.data, F.batch_normalization(x, gamma, beta).data)
