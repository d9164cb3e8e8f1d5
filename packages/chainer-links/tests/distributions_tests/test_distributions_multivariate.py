"""MultivariateNormal, Dirichlet and Independent against numpy references."""
import importlib.util
import math

import numpy
import pytest

import chainer
from chainer import distributions as D
from chainer import gradient_check
from chainer import testing
from chainer.distributions import multivariate_normal

#: lgamma, digamma, ndtr, ndtri and log_ndtr of chainer.functions need SciPy on the CPU.
needs_scipy = pytest.mark.skipif(importlib.util.find_spec('scipy') is None,
                                 reason='chainer.functions special functions need SciPy')


_lgamma = numpy.vectorize(math.lgamma)


def _mvn_params(batch=(2,), d=3, seed=0):
    rng = numpy.random.RandomState(seed)
    loc = rng.uniform(-1, 1, batch + (d,))
    a = rng.normal(size=batch + (d, d))
    cov = a @ numpy.swapaxes(a, -1, -2) + numpy.eye(d)
    return loc, numpy.linalg.cholesky(cov), cov


def test_multivariate_normal_log_prob_entropy_covariance():
    loc, tril, cov = _mvn_params()
    dist = D.MultivariateNormal(loc, scale_tril=tril)
    assert dist.batch_shape == (2,) and dist.event_shape == (3,) and dist.d == 3
    x = numpy.random.RandomState(1).normal(size=(4, 2, 3))
    inv = numpy.linalg.inv(cov)
    diff = x - loc
    maha = numpy.einsum('sbi,bij,sbj->sb', diff, inv, diff)
    expected = -0.5 * (maha + numpy.log(numpy.linalg.det(2 * math.pi * cov)))
    testing.assert_allclose(dist.log_prob(x).array, expected, rtol=1e-6)
    testing.assert_allclose(dist.entropy.array,
                            0.5 * numpy.log(numpy.linalg.det(2 * math.pi * math.e * cov)))
    testing.assert_allclose(dist.covariance.array, cov)
    testing.assert_allclose(dist.variance.array, numpy.diagonal(cov, 0, -2, -1))
    numpy.random.seed(0)
    smp = dist.sample(40000).array
    assert smp.shape == (40000, 2, 3)
    testing.assert_allclose(smp.mean(axis=0), loc, atol=0.05)
    emp = numpy.einsum('sbi,sbj->bij', smp - loc, smp - loc) / len(smp)
    testing.assert_allclose(emp, cov, atol=0.15, rtol=0.05)
    with pytest.raises(ValueError):
        D.MultivariateNormal(loc)


@pytest.mark.parametrize('lower', [True, False])
def test_triangular_inv(lower):
    rng = numpy.random.RandomState(0)
    x = numpy.tril(rng.normal(size=(3, 3))) + 3 * numpy.eye(3)
    if not lower:
        x = x.T
    y = multivariate_normal._triangular_inv(x, lower=lower)
    testing.assert_allclose(y.array, numpy.linalg.inv(x))
    gy, ggx = rng.normal(size=(2, 3, 3))

    def f(a):
        return multivariate_normal._triangular_inv(a, lower=lower)
    gradient_check.check_backward(f, x, gy, atol=1e-5, rtol=1e-5)
    gradient_check.check_double_backward(f, x, gy, ggx, atol=1e-4, rtol=1e-4)


def test_multivariate_normal_log_prob_gradient():
    loc, tril, _ = _mvn_params(batch=(), d=2)
    x = numpy.array([[0.3, -0.2], [1.0, 0.5]])

    def f(loc, tril):
        return D.MultivariateNormal(loc, scale_tril=chainer.functions.where(
            numpy.tri(2, dtype=bool), tril, numpy.zeros((2, 2)))).log_prob(x)
    gradient_check.check_backward(f, (loc, tril), numpy.ones(2), atol=1e-5, rtol=1e-5)


@needs_scipy
def test_dirichlet():
    alpha = numpy.array([[1.5, 2.0, 3.0], [0.8, 1.2, 4.0]])
    dist = D.Dirichlet(alpha)
    assert dist.batch_shape == (2,) and dist.event_shape == (3,)
    x = numpy.array([[[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]])
    norm = _lgamma(alpha).sum(-1) - _lgamma(alpha.sum(-1))
    expected = ((alpha - 1) * numpy.log(x)).sum(-1) - norm
    testing.assert_allclose(dist.log_prob(x).array, expected)
    a0 = alpha.sum(-1, keepdims=True)
    testing.assert_allclose(dist.mean.array, alpha / a0)
    testing.assert_allclose(dist.variance.array, alpha * (a0 - alpha) / (a0 ** 2 * (a0 + 1)))
    numpy.random.seed(0)
    smp = dist.sample(20000).array
    testing.assert_allclose(smp.sum(-1), 1, atol=1e-6)
    testing.assert_allclose(smp.mean(0), alpha / a0, atol=0.01)
    # entropy = -E[log p], by Monte Carlo with many samples
    mc = -dist.log_prob(smp).array.mean(0)
    testing.assert_allclose(dist.entropy.array, mc, atol=0.03)


def test_independent_normal():
    rng = numpy.random.RandomState(0)
    loc, scale = rng.normal(size=(2, 3, 4)), rng.uniform(0.5, 1.5, (2, 3, 4))
    inner = D.Normal(loc, scale)
    dist = D.Independent(inner)
    assert dist.batch_shape == (2,) and dist.event_shape == (3, 4)
    assert dist.reinterpreted_batch_ndims == 2 and dist.distribution is inner
    x = rng.normal(size=(5, 2, 3, 4))
    testing.assert_allclose(dist.log_prob(x).array,
                            inner.log_prob(x).array.sum(axis=(-2, -1)))
    testing.assert_allclose(dist.prob(x).array, inner.prob(x).array.prod(axis=(-2, -1)))
    testing.assert_allclose(dist.entropy.array, inner.entropy.array.sum(axis=(-2, -1)))
    one = D.Independent(inner, 1)
    assert one.batch_shape == (2, 3) and one.event_shape == (4,)
    cov = one.covariance.array
    assert cov.shape == (2, 3, 4, 4)
    testing.assert_allclose(cov, numpy.eye(4) * (scale ** 2)[..., None])
    assert D.Independent(inner, 0).event_shape == ()
    assert dist.sample(6).shape == (6, 2, 3, 4)
    with pytest.raises(ValueError):
        D.Independent(inner, 4)
    with pytest.raises(RuntimeError):
        dist.icdf(x)
    other = D.Independent(D.Normal(loc + 1, scale))
    testing.assert_allclose(
        chainer.kl_divergence(dist, other).array,
        chainer.kl_divergence(inner, D.Normal(loc + 1, scale)).array.sum(axis=(-2, -1)))
