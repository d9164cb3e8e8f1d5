"""Batch renormalization: ``F.batch_renormalization`` and ``L.BatchRenormalization``
against a numpy reference, its gradients, its statistics and its mode (argument or
``chainer.config.train``)."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import gradient_check
from chainer import testing

TOLERANCES = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2),
    numpy.float32: dict(atol=1e-4, rtol=1e-4),
    numpy.float64: dict(atol=1e-7, rtol=1e-7),
}


def _reference(x, gamma, beta, running_mean, running_var, rmax, dmax, eps):
    """The formula in float64, channels on axis 1."""
    x = x.astype(numpy.float64)
    axes = (0,) + tuple(range(2, x.ndim))
    shape = (1, -1) + (1,) * (x.ndim - 2)
    mean, var = x.mean(axis=axes), x.var(axis=axes)
    std = numpy.sqrt(var + eps)
    running_std = numpy.sqrt(running_var + eps)
    r = numpy.clip(std / running_std, 1. / rmax, rmax)
    d = numpy.clip((mean - running_mean) / running_std, -dmax, dmax)
    x_hat = (x - mean.reshape(shape)) / std.reshape(shape)
    y = gamma.reshape(shape) * (x_hat * r.reshape(shape) + d.reshape(shape)) + \
        beta.reshape(shape)
    return y, mean, var


def _inputs(dtype, ndim, seed):
    rng = numpy.random.RandomState(seed)
    x = rng.uniform(-1, 1, (5, 3) + (2,) * ndim).astype(dtype)
    gamma = rng.uniform(.5, 1, 3).astype(dtype)
    beta = rng.uniform(-1, 1, 3).astype(dtype)
    running_mean = rng.uniform(-1, 1, 3).astype(dtype)
    running_var = rng.uniform(.2, 3, 3).astype(dtype)
    return x, gamma, beta, running_mean, running_var


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('ndim', [0, 1, 2])
@pytest.mark.parametrize('update', [True, False])
def test_forward_and_statistics(dtype, ndim, update):
    x, gamma, beta, rm, rv = _inputs(dtype, ndim, ndim)
    rm0, rv0 = rm.copy(), rv.copy()
    y = F.batch_renormalization(x, gamma, beta, 1.5, 0.3, 2e-5, rm, rv, 0.8,
                                update_statistics=update)
    expected, mean, var = _reference(x, gamma, beta, rm0.astype(numpy.float64),
                                     rv0.astype(numpy.float64), 1.5, 0.3, 2e-5)
    assert y.dtype == dtype
    testing.assert_allclose(y.array, expected, **TOLERANCES[dtype])
    if update:
        m = x.size // 3
        testing.assert_allclose(rm, 0.8 * rm0 + 0.2 * mean, **TOLERANCES[dtype])
        testing.assert_allclose(rv, 0.8 * rv0 + 0.2 * var * m / (m - 1),
                                **TOLERANCES[dtype])
    else:
        numpy.testing.assert_array_equal(rm, rm0)
        numpy.testing.assert_array_equal(rv, rv0)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('clipped', [False, True])
def test_backward(dtype, clipped):
    # r and d are constants of the graph; where they are clipped (or rmax = 1 and
    # dmax = 0 make them 1 and 0) they do not move with x, so numerical gradients
    # apply.
    x, gamma, beta, rm, rv = _inputs(dtype, 1, 5)
    if clipped:
        rm = rm + dtype(10)  # far from the batch mean: d = -dmax
        rv = rv * dtype(100)  # much wider: r = 1 / rmax
        rmax, dmax = 2.0, 0.5
    else:
        rmax, dmax = 1.0, 0.0
    gy = numpy.random.RandomState(6).uniform(-1, 1, x.shape).astype(dtype)

    def f(x, gamma, beta):
        return F.batch_renormalization(x, gamma, beta, rmax, dmax, 2e-5, rm.copy(),
                                       rv.copy())

    tol = dict(atol=1e-3, rtol=1e-3) if dtype == numpy.float32 else {}
    gradient_check.check_backward(f, (x, gamma, beta), gy,
                                  dtype=numpy.float64, **tol)
    func = chainer.functions.normalization.batch_renormalization.\
        BatchRenormalizationFunction(2e-5, rm.copy(), rv.copy(), 0.9, rmax, dmax)
    func(x, gamma, beta)
    if clipped:
        testing.assert_allclose(func.r, 1 / rmax)
        testing.assert_allclose(func.d, -dmax)


def test_running_statistics_are_required():
    x, gamma, beta, _, _ = _inputs(numpy.float32, 0, 7)
    with pytest.raises(TypeError, match='required'):
        F.batch_renormalization(x, gamma, beta, 1, 0)


def test_fixed_batch_renormalization_uses_the_given_statistics():
    x, gamma, beta, mean, var = _inputs(numpy.float32, 1, 8)
    y = F.fixed_batch_renormalization(x, gamma, beta, mean, var, 1e-3)
    shape = (1, 3, 1)
    expected = gamma.reshape(shape) * (x - mean.reshape(shape)) / \
        numpy.sqrt(var.reshape(shape) + 1e-3) + beta.reshape(shape)
    testing.assert_allclose(y.array, expected, atol=1e-5, rtol=1e-5)


def test_link_training_mode_follows_the_argument_else_the_configuration():
    link = L.BatchRenormalization(3, rmax=1.5, dmax=0.3, decay=0.8)
    assert link.avg_var.tolist() == [1, 1, 1] and link.avg_mean.tolist() == [0, 0, 0]
    x, _, _, rm, rv = _inputs(numpy.float32, 1, 9)
    link.avg_mean[...], link.avg_var[...] = rm, rv
    gamma, beta = link.gamma.array.copy(), link.beta.array.copy()
    tested = (x - rm.reshape(1, 3, 1)) / numpy.sqrt(rv.reshape(1, 3, 1) + 2e-5)
    with chainer.using_config('train', False):
        testing.assert_allclose(link(x).array, tested, atol=1e-5, rtol=1e-5)
        numpy.testing.assert_array_equal(link.avg_mean, rm)
        y = link(x, test=False)  # v1-style argument wins
    expected, _, _ = _reference(x, gamma, beta, rm.astype(numpy.float64),
                                rv.astype(numpy.float64), 1.5, 0.3, 2e-5)
    testing.assert_allclose(y.array, expected, atol=1e-4, rtol=1e-4)
    assert not numpy.array_equal(link.avg_mean, rm)
    testing.assert_allclose(link(x, test=True).array,
                            (x - link.avg_mean.reshape(1, 3, 1)) /
                            numpy.sqrt(link.avg_var.reshape(1, 3, 1) + 2e-5),
                            atol=1e-5, rtol=1e-5)


def test_link_finetune_collects_the_population_statistics():
    link = L.BatchRenormalization(3, decay=0.9)
    xs = [numpy.random.RandomState(s).uniform(-1, 1, (10, 3)).astype(numpy.float32)
          for s in (10, 11)]
    link(xs[0], finetune=True)
    testing.assert_allclose(link.avg_mean, xs[0].mean(axis=0), atol=1e-6, rtol=1e-5)
    testing.assert_allclose(link.avg_var, xs[0].var(axis=0) * 10 / 9, atol=1e-6,
                            rtol=1e-5)
    link(xs[1], finetune=True)
    assert link.N == 2
    testing.assert_allclose(link.avg_mean, (xs[0].mean(axis=0) + xs[1].mean(axis=0)) / 2,
                            atol=1e-6, rtol=1e-5)


def test_link_parameters_and_initial_statistics():
    link = L.BatchRenormalization(2, dtype=numpy.float64, initial_avg_mean=0.5,
                                  initial_avg_var=2.0, use_beta=False)
    assert link.gamma.dtype == numpy.float64 and link.avg_var.dtype == numpy.float64
    assert link.avg_mean.tolist() == [0.5, 0.5] and link.avg_var.tolist() == [2, 2]
    assert [name for name, _ in link.namedparams()] == ['/gamma']
    y = link(numpy.arange(8.).reshape(4, 2))
    assert y.dtype == numpy.float64 and y.shape == (4, 2)


def test_batch_renormalization_function_double_backward():
    x = numpy.random.randn(5, 3, 2)
    gamma = numpy.random.uniform(.5, 1, 3)
    beta = numpy.random.randn(3)
    # running statistics far from the batch's: r and d are clipped (r = 2, d = 0.5),
    # so constants also for the finite differences
    mean, var = numpy.full(3, -10.0), numpy.full(3, 1e-4)

    def f(x, gamma, beta):
        return F.batch_renormalization(x, gamma, beta, 2.0, 0.5, eps=1e-2,
                                       running_mean=mean.copy(),
                                       running_var=var.copy())

    gy = numpy.random.randn(5, 3, 2)
    ggs = [numpy.random.randn(*a.shape) for a in (x, gamma, beta)]
    gradient_check.check_double_backward(f, (x, gamma, beta), gy, ggs, atol=1e-4,
                                         rtol=1e-4)


def test_fixed_batch_renormalization_is_deprecated():
    p = numpy.ones(3, numpy.float32)
    with pytest.warns(DeprecationWarning):
        F.fixed_batch_renormalization(numpy.zeros((2, 3), numpy.float32), p, p, p, p)
