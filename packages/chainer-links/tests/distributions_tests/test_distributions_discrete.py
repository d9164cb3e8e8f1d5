"""Discrete distributions (Bernoulli, Categorical, OneHotCategorical, Geometric,
Poisson) against probability tables written with numpy."""
import importlib.util
import math

import numpy
import pytest

import chainer
from chainer import distributions as D
from chainer import gradient_check
from chainer import testing
from chainer.distributions import bernoulli
from chainer.distributions import utils

#: lgamma, digamma, ndtr, ndtri and log_ndtr of chainer.functions need SciPy on the CPU.
needs_scipy = pytest.mark.skipif(importlib.util.find_spec('scipy') is None,
                                 reason='chainer.functions special functions need SciPy')


def _softmax(v):
    e = numpy.exp(v - v.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_bernoulli_p_and_logit_agree():
    p = numpy.array([0.1, 0.5, 0.8], numpy.float32)
    x = numpy.array([[0, 1, 1], [1, 0, 0]], numpy.float32)
    expected = numpy.where(x == 1, numpy.log(p), numpy.log(1 - p))
    for dist in (D.Bernoulli(p=p), D.Bernoulli(logit=numpy.log(p / (1 - p)))):
        testing.assert_allclose(dist.log_prob(x).array, expected, rtol=1e-5)
        testing.assert_allclose(dist.prob(x).array, numpy.exp(expected), rtol=1e-5)
        testing.assert_allclose(dist.mean.array, p, rtol=1e-5)
        testing.assert_allclose(dist.variance.array, p * (1 - p), rtol=1e-5)
        testing.assert_allclose(dist.entropy.array,
                                -p * numpy.log(p) - (1 - p) * numpy.log(1 - p), rtol=1e-5)
    assert dist.support == '{0, 1}'
    with pytest.raises(ValueError):
        D.Bernoulli(p=p, logit=p)


def test_bernoulli_extreme_and_binary_check():
    p = numpy.array([0., 1., 0.5], numpy.float32)
    with numpy.errstate(divide='ignore'):
        dist = D.Bernoulli(p=p)
        logp = dist.log_prob(numpy.array([0., 1., 1.], numpy.float32)).array
        bad = dist.log_prob(numpy.array([1., 0., 0.], numpy.float32)).array
    testing.assert_allclose(logp, [0, 0, math.log(0.5)])
    assert numpy.isneginf(bad[:2]).all()
    testing.assert_allclose(dist.entropy.array, [0, 0, math.log(2)], rtol=1e-6)
    checked = D.Bernoulli(p=numpy.full(2, 0.3, numpy.float32), binary_check=True)
    half = numpy.array([0.5, 1.0], numpy.float32)
    assert numpy.isneginf(checked.log_prob(half).array[0])
    assert checked.prob(half).array[0] == 0
    unchecked = D.Bernoulli(p=numpy.full(2, 0.3, numpy.float32))
    assert numpy.isfinite(unchecked.log_prob(half).array).all()


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_bernoulli_log_prob_gradients(dtype):
    rng = numpy.random.RandomState(0)
    logit = rng.normal(size=(3,)).astype(dtype)
    x = rng.randint(0, 2, (2, 3)).astype(dtype)
    gy = rng.normal(size=(2, 3)).astype(dtype)
    ggl = rng.normal(size=(3,)).astype(dtype)

    def f(logit):
        return bernoulli._bernoulli_log_prob(logit, x)
    gradient_check.check_backward(f, logit, gy, dtype=numpy.float64, atol=1e-4, rtol=1e-4)
    gradient_check.check_double_backward(f, logit, gy, ggl, dtype=numpy.float64,
                                         atol=1e-4, rtol=1e-4)


def test_bernoulli_gradient_at_infinite_logit_is_finite():
    logit = chainer.Variable(numpy.array([numpy.inf, -numpy.inf], numpy.float32))
    x = numpy.array([1., 0.], numpy.float32)
    y = bernoulli._bernoulli_log_prob(logit, x)
    testing.assert_allclose(y.array, [0, 0])
    chainer.functions.sum(y).backward()
    testing.assert_allclose(logit.grad, [0, 0])


def test_modified_xlogx():
    x = numpy.array([0., 0.5, 2.], numpy.float64)
    y = utils._modified_xlogx(x)
    testing.assert_allclose(y.array, [0, 0.5 * math.log(0.5), 2 * math.log(2)])
    v = chainer.Variable(x)
    with testing.assert_warns(RuntimeWarning):
        chainer.functions.sum(utils._modified_xlogx(v)).backward()
    testing.assert_allclose(v.grad, [0, 1 + math.log(0.5), 1 + math.log(2)])
    xs = numpy.array([0.3, 0.7])
    gradient_check.check_double_backward(utils._modified_xlogx, xs, numpy.ones(2),
                                         numpy.ones(2), atol=1e-5, rtol=1e-5)


def test_categorical_log_prob_entropy_and_logit():
    rng = numpy.random.RandomState(0)
    logit = rng.normal(size=(2, 4)).astype(numpy.float32)
    p = _softmax(logit)
    x = numpy.array([[0, 3], [2, 2], [1, 0]], numpy.int32)  # sample 3, batch 2
    expected = numpy.log(p[numpy.arange(2), x])
    for dist in (D.Categorical(p), D.Categorical(logit=logit)):
        assert dist.batch_shape == (2,) and dist.event_shape == ()
        testing.assert_allclose(dist.log_prob(x).array, expected, rtol=1e-5)
        testing.assert_allclose(dist.prob(x).array, numpy.exp(expected), rtol=1e-5)
        testing.assert_allclose(dist.entropy.array, -(p * numpy.log(p)).sum(-1), rtol=1e-5)
    with pytest.raises(ValueError):
        D.Categorical()


def test_categorical_samples_follow_p():
    p = numpy.array([[0.1, 0.6, 0.3], [1.0, 0.0, 0.0]], numpy.float32)
    numpy.random.seed(0)
    smp = D.Categorical(p).sample(20000).array
    assert smp.shape == (20000, 2) and smp.dtype.kind == 'i'
    freq = numpy.stack([(smp == k).mean(axis=0) for k in range(3)], axis=-1)
    testing.assert_allclose(freq, p, atol=0.02)


def test_one_hot_categorical():
    p = numpy.array([[0.2, 0.8], [0.5, 0.5], [0.9, 0.1]], numpy.float32)
    dist = D.OneHotCategorical(p)
    assert dist.batch_shape == (3,) and dist.event_shape == (2,)
    x = numpy.eye(2, dtype=numpy.int32)[[1, 0, 0]]
    testing.assert_allclose(dist.log_prob(x).array, numpy.log([0.8, 0.5, 0.9]), rtol=1e-5)
    testing.assert_allclose(dist.variance.array, p * (1 - p))
    numpy.random.seed(1)
    smp = dist.sample(20000).array
    assert smp.shape == (20000, 3, 2)
    assert (smp.sum(axis=-1) == 1).all()
    testing.assert_allclose(smp.mean(axis=0), p, atol=0.02)


@needs_scipy
def test_geometric_and_poisson():
    p = numpy.array([0.2, 0.7], numpy.float32)
    x = numpy.array([[1, 3], [4, 1]], numpy.int32)
    geo = D.Geometric(p)
    testing.assert_allclose(geo.log_prob(x).array,
                            numpy.log(p * (1 - p) ** (x - 1)), rtol=1e-5)
    testing.assert_allclose(geo.mean.array, 1 / p)
    testing.assert_allclose(geo.variance.array, (1 - p) / p ** 2, rtol=1e-6)
    lam = numpy.array([0.5, 3.0], numpy.float32)
    poisson = D.Poisson(lam)
    fact = numpy.vectorize(math.factorial)(x)
    testing.assert_allclose(poisson.log_prob(x).array,
                            numpy.log(lam ** x * numpy.exp(-lam) / fact), rtol=1e-5)
    assert poisson.support == 'non negative integer'
    numpy.random.seed(2)
    testing.assert_allclose(poisson.sample(20000).array.mean(axis=0), lam, rtol=0.05)
    testing.assert_allclose(geo.sample(20000).array.mean(axis=0), 1 / p, rtol=0.05)
