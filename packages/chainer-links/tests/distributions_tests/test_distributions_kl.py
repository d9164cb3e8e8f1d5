"""chainer.kl_divergence of every registered pair against numerical references (sums
over the support, or Monte Carlo), the cross entropy, and reparameterized sampling
gradients."""
import importlib.util
import numpy
import pytest

import chainer
from chainer import distributions as D
from chainer import gradient_check
from chainer import testing

#: lgamma, digamma, ndtr, ndtri and log_ndtr of chainer.functions need SciPy on the CPU.
needs_scipy = pytest.mark.skipif(importlib.util.find_spec('scipy') is None,
                                 reason='chainer.functions special functions need SciPy')


def maybe_scipy(names, only=()):
    """``names`` as pytest params, those in ``only`` (default: all) marked
    :data:`needs_scipy`."""
    return [pytest.param(n, marks=needs_scipy) if not only or n in only else n
            for n in names]


def _pair(name, rng):
    u = lambda lo, hi, shape=(3,): rng.uniform(lo, hi, shape)  # noqa: E731
    if name == 'normal':
        return D.Normal(u(-1, 1), u(0.5, 2)), D.Normal(u(-1, 1), u(0.5, 2))
    if name == 'laplace':
        return D.Laplace(u(-1, 1), u(0.5, 2)), D.Laplace(u(-1, 1), u(0.5, 2))
    if name == 'gumbel':
        return D.Gumbel(u(-1, 1), u(0.5, 2)), D.Gumbel(u(-1, 1), u(0.5, 2))
    if name == 'log_normal':
        return D.LogNormal(u(-1, 1), u(0.3, 1)), D.LogNormal(u(-1, 1), u(0.3, 1))
    if name == 'exponential':
        return D.Exponential(u(0.5, 2)), D.Exponential(u(0.5, 2))
    if name == 'gamma':
        return D.Gamma(u(1, 4), u(0.5, 2)), D.Gamma(u(1, 4), u(0.5, 2))
    if name == 'beta':
        return D.Beta(u(1, 4), u(1, 4)), D.Beta(u(1, 4), u(1, 4))
    if name == 'uniform':
        return (D.Uniform(low=u(-1, -0.5), high=u(0.5, 1)),
                D.Uniform(low=u(-2, -1), high=u(1, 2)))
    if name == 'pareto':
        return D.Pareto(u(1, 1.5), u(2, 4)), D.Pareto(u(0.5, 1), u(2, 4))
    raise ValueError(name)


CONTINUOUS = ['normal', 'laplace', 'gumbel', 'log_normal', 'exponential', 'gamma',
              'beta', 'uniform', 'pareto']


@pytest.mark.parametrize('name', maybe_scipy(CONTINUOUS, {'gumbel', 'gamma', 'beta'}))
def test_kl_continuous_by_integration(name):
    p, q = _pair(name, numpy.random.RandomState(0))
    kl = chainer.kl_divergence(p, q).array
    # integrate p (log p - log q) on a grid covering p's mass
    lo = {'exponential': 0, 'gamma': 0, 'beta': 0, 'log_normal': 0,
          'uniform': -1, 'pareto': 1.5}.get(name, -40)
    hi = {'beta': 1, 'uniform': 1, 'log_normal': 60}.get(name, 80)
    grid = numpy.linspace(lo + 1e-7, hi - 1e-7, 800001)[:, None]
    if name == 'pareto':
        grid = numpy.concatenate([numpy.linspace(1.0, 1.5, 200001)[:, None], grid])
        grid = numpy.unique(grid)[:, None]
    with numpy.errstate(all='ignore'):
        logp = p.log_prob(numpy.broadcast_to(grid, (len(grid), 3))).array
        logq = q.log_prob(numpy.broadcast_to(grid, (len(grid), 3))).array
        f = numpy.where(numpy.isneginf(logp), 0, numpy.exp(logp) * (logp - logq))
    dx = numpy.diff(grid[:, 0])[:, None]
    expected = ((f[1:] + f[:-1]) / 2 * dx).sum(axis=0)
    testing.assert_allclose(kl, expected, rtol=2e-3, atol=2e-3)


def test_kl_uniform_outside_support_is_inf():
    p = D.Uniform(low=numpy.zeros(2), high=numpy.array([1., 3.]))
    q = D.Uniform(low=numpy.zeros(2), high=numpy.full(2, 2.))
    assert chainer.kl_divergence(p, q).array.tolist()[1] == numpy.inf


@needs_scipy
def test_kl_discrete_by_sums():
    rng = numpy.random.RandomState(0)
    a, b = rng.uniform(0.1, 0.9, (2, 3))
    x = numpy.array([[0.], [1.]]) * numpy.ones(3)
    for p, q in [(D.Bernoulli(a), D.Bernoulli(b)),
                 (D.Bernoulli(logit=numpy.log(a / (1 - a))), D.Bernoulli(b))]:
        lp, lq = p.log_prob(x).array, q.log_prob(x).array
        expected = (numpy.exp(lp) * (lp - lq)).sum(0)
        testing.assert_allclose(chainer.kl_divergence(p, q).array, expected, rtol=1e-6)
    k = numpy.arange(1, 2000)[:, None] * numpy.ones(3)
    for p, q in [(D.Geometric(a), D.Geometric(b)),
                 (D.Poisson(a * 5), D.Poisson(b * 5))]:
        lp, lq = p.log_prob(k - (1 if isinstance(p, D.Poisson) else 0)).array, None
        lq = q.log_prob(k - (1 if isinstance(p, D.Poisson) else 0)).array
        expected = (numpy.exp(lp) * (lp - lq)).sum(0)
        testing.assert_allclose(chainer.kl_divergence(p, q).array, expected, rtol=1e-6)
    pc, qc = rng.dirichlet(numpy.ones(4), 3), rng.dirichlet(numpy.ones(4), 3)
    expected = (pc * numpy.log(pc / qc)).sum(-1)
    testing.assert_allclose(chainer.kl_divergence(D.Categorical(pc), D.Categorical(qc)).array,
                            expected, rtol=1e-6)
    testing.assert_allclose(
        chainer.kl_divergence(D.OneHotCategorical(pc), D.OneHotCategorical(qc)).array,
        expected, rtol=1e-6)


@pytest.mark.parametrize('name', maybe_scipy(['dirichlet', 'multivariate_normal'], {'dirichlet'}))
def test_kl_multivariate_by_monte_carlo(name):
    rng = numpy.random.RandomState(0)
    if name == 'dirichlet':
        p, q = D.Dirichlet(rng.uniform(1, 4, (2, 3))), D.Dirichlet(rng.uniform(1, 4, (2, 3)))
    else:
        tril = numpy.tril(rng.normal(size=(2, 2, 3, 3)) * 0.3) + numpy.eye(3)
        p = D.MultivariateNormal(rng.normal(size=(2, 3)), scale_tril=tril[0])
        q = D.MultivariateNormal(rng.normal(size=(2, 3)), scale_tril=tril[1])
    numpy.random.seed(0)
    smp = p.sample(200000)
    mc = (p.log_prob(smp).array - q.log_prob(smp).array).mean(0)
    testing.assert_allclose(chainer.kl_divergence(p, q).array, mc, rtol=0.02, atol=0.02)


def test_cross_entropy_is_entropy_plus_kl():
    p, q = _pair('normal', numpy.random.RandomState(1))
    testing.assert_allclose(chainer.cross_entropy(p, q).array,
                            p.entropy.array + chainer.kl_divergence(p, q).array)


@pytest.mark.parametrize('name', ['normal', 'laplace', 'gumbel', 'log_normal',
                                  'exponential', 'uniform', 'pareto', 'cauchy', 'mvn'])
def test_reparameterized_sample_gradient(name):
    rng = numpy.random.RandomState(0)
    a, b = rng.uniform(0.5, 1.5, (2, 3))
    build = {
        'normal': lambda a, b: D.Normal(a, b),
        'laplace': lambda a, b: D.Laplace(a, b),
        'gumbel': lambda a, b: D.Gumbel(a, b),
        'log_normal': lambda a, b: D.LogNormal(a, b),
        'exponential': lambda a, b: D.Exponential(a * b),
        'uniform': lambda a, b: D.Uniform(low=a, high=a + b),
        'pareto': lambda a, b: D.Pareto(a, b + 2),
        'cauchy': lambda a, b: D.Cauchy(a, b),
        'mvn': lambda a, b: D.MultivariateNormal(
            a, scale_tril=chainer.functions.broadcast_to(b[0], (3, 3))
            * numpy.eye(3)),
    }[name]

    def f(a, b):
        numpy.random.seed(5)  # the same noise on every call
        return build(a, b).sample(2)
    gradient_check.check_backward(f, (a, b), rng.normal(size=(2, 3)),
                                  atol=1e-4, rtol=1e-4)


@needs_scipy
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
def test_dtypes_are_kept(dtype):
    loc, scale = numpy.zeros(2, dtype), numpy.ones(2, dtype)
    for dist in (D.Normal(loc, scale), D.Laplace(loc, scale), D.Gumbel(loc, scale),
                 D.Exponential(scale), D.Gamma(scale, scale), D.Beta(scale, scale)):
        assert dist.sample(3).dtype == dtype
        assert dist.log_prob(numpy.full((3, 2), 0.5, dtype)).dtype == dtype
        assert dist.entropy.dtype == dtype


def test_gradients_flow_to_parameters():
    loc = chainer.Variable(numpy.array([0.5, -0.5]))
    scale = chainer.Variable(numpy.array([1.0, 2.0]))
    x = numpy.array([0.0, 1.0])
    loss = chainer.functions.sum(D.Normal(loc, scale).log_prob(x))
    loss.backward()
    testing.assert_allclose(loc.grad, (x - loc.array) / scale.array ** 2)
    testing.assert_allclose(scale.grad,
                            -1 / scale.array + (x - loc.array) ** 2 / scale.array ** 3)


@pytest.mark.parametrize('name', maybe_scipy(
    ['normal', 'laplace', 'gumbel', 'log_normal', 'gamma', 'beta', 'bernoulli',
     'categorical', 'mvn', 'dirichlet'], {'gamma', 'beta', 'dirichlet'}))
def test_log_prob_double_backward(name):
    rng = numpy.random.RandomState(0)
    a, b = rng.uniform(0.6, 1.5, (2, 3))
    x = rng.uniform(0.2, 0.8, (2, 3))
    build = {
        'normal': lambda a, b: D.Normal(a, b).log_prob(x),
        'laplace': lambda a, b: D.Laplace(a, b).log_prob(x),
        'gumbel': lambda a, b: D.Gumbel(a, b).log_prob(x),
        'log_normal': lambda a, b: D.LogNormal(a, b).log_prob(x),
        'gamma': lambda a, b: D.Gamma(a, b).log_prob(x),
        'beta': lambda a, b: D.Beta(a, b).log_prob(x),
        'bernoulli': lambda a, b: D.Bernoulli(logit=a - b).log_prob(x.round()),
        'categorical': lambda a, b: D.Categorical(logit=a * b).log_prob(
            numpy.array([[0, 2], [1, 1]])),
        'mvn': lambda a, b: D.MultivariateNormal(
            a, scale_tril=chainer.functions.broadcast_to(b[0], (3, 3))
            * numpy.eye(3)).log_prob(x),
        'dirichlet': lambda a, b: D.Dirichlet(a + b).log_prob(x / x.sum(-1, keepdims=True)),
    }[name]
    y = build(a, b)
    gy, gga, ggb = rng.normal(size=y.shape), rng.normal(size=(3,)), rng.normal(size=(3,))
    gradient_check.check_double_backward(build, (a, b), gy, (gga, ggb),
                                         atol=1e-4, rtol=1e-4)
