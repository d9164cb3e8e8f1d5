"""Univariate continuous distributions against closed forms written with numpy and
math (no SciPy): densities, cdfs, quantiles, moments, entropies and samples."""
import importlib.util
import math

import numpy
import pytest

import chainer
from chainer import distributions as D
from chainer import testing

#: lgamma, digamma, ndtr, ndtri and log_ndtr of chainer.functions need SciPy on the CPU.
needs_scipy = pytest.mark.skipif(importlib.util.find_spec('scipy') is None,
                                 reason='chainer.functions special functions need SciPy')


def maybe_scipy(names, only=()):
    """``names`` as pytest params, those in ``only`` (default: all) marked
    :data:`needs_scipy`."""
    return [pytest.param(n, marks=needs_scipy) if not only or n in only else n
            for n in names]


_lgamma = numpy.vectorize(math.lgamma)
_erf = numpy.vectorize(math.erf)
EULER = 0.5772156649015329


def _params():
    rng = numpy.random.RandomState(0)
    u = lambda lo, hi: rng.uniform(lo, hi, (2, 3))  # noqa: E731
    return rng, u


def _cases():
    rng, u = _params()
    loc, scale = u(-1, 1), u(0.5, 2)
    k, theta = u(1.5, 4), u(0.5, 2)
    a, b = u(1.5, 4), u(1.5, 4)
    lam = u(0.5, 2)
    low, high = u(-2, -1), u(1, 2)
    alpha = u(5, 7)
    sigma = u(0.2, 0.5)
    return [
        # name, distribution, x sampler, log density, mean, variance, entropy
        ('normal', D.Normal(loc, scale), lambda: rng.normal(size=(4, 2, 3)),
         lambda x: -0.5 * math.log(2 * math.pi) - numpy.log(scale)
         - (x - loc) ** 2 / (2 * scale ** 2),
         loc, scale ** 2, 0.5 * numpy.log(2 * math.pi * math.e * scale ** 2)),
        ('normal_log_scale', D.Normal(loc, log_scale=numpy.log(scale)),
         lambda: rng.normal(size=(4, 2, 3)),
         lambda x: -0.5 * math.log(2 * math.pi) - numpy.log(scale)
         - (x - loc) ** 2 / (2 * scale ** 2),
         loc, scale ** 2, 0.5 * numpy.log(2 * math.pi * math.e * scale ** 2)),
        ('laplace', D.Laplace(loc, scale), lambda: rng.normal(size=(4, 2, 3)),
         lambda x: -numpy.log(2 * scale) - abs(x - loc) / scale,
         loc, 2 * scale ** 2, 1 + numpy.log(2 * scale)),
        ('gumbel', D.Gumbel(loc, scale), lambda: rng.normal(size=(4, 2, 3)),
         lambda x: -numpy.log(scale) - (x - loc) / scale - numpy.exp(-(x - loc) / scale),
         loc + EULER * scale, math.pi ** 2 / 6 * scale ** 2,
         numpy.log(scale) + EULER + 1),
        ('exponential', D.Exponential(lam), lambda: rng.uniform(0.1, 3, (4, 2, 3)),
         lambda x: numpy.log(lam) - lam * x, 1 / lam, 1 / lam ** 2, 1 - numpy.log(lam)),
        ('gamma', D.Gamma(k, theta), lambda: rng.uniform(0.1, 3, (4, 2, 3)),
         lambda x: (k - 1) * numpy.log(x) - x / theta - _lgamma(k) - k * numpy.log(theta),
         k * theta, k * theta ** 2, None),
        ('beta', D.Beta(a, b), lambda: rng.uniform(0.05, 0.95, (4, 2, 3)),
         lambda x: ((a - 1) * numpy.log(x) + (b - 1) * numpy.log(1 - x)
                    - _lgamma(a) - _lgamma(b) + _lgamma(a + b)),
         a / (a + b), a * b / ((a + b) ** 2 * (a + b + 1)), None),
        ('log_normal', D.LogNormal(loc, sigma), lambda: rng.uniform(0.1, 3, (4, 2, 3)),
         lambda x: (-0.5 * math.log(2 * math.pi) - numpy.log(sigma * x)
                    - (numpy.log(x) - loc) ** 2 / (2 * sigma ** 2)),
         numpy.exp(loc + sigma ** 2 / 2),
         (numpy.exp(sigma ** 2) - 1) * numpy.exp(2 * loc + sigma ** 2),
         loc + 0.5 + 0.5 * math.log(2 * math.pi) + numpy.log(sigma)),
        ('uniform', D.Uniform(low=low, high=high), lambda: rng.uniform(-1, 1, (4, 2, 3)),
         lambda x: -numpy.log(high - low), (low + high) / 2, (high - low) ** 2 / 12,
         numpy.log(high - low)),
        ('uniform_loc_scale', D.Uniform(loc=low, scale=high - low),
         lambda: rng.uniform(-1, 1, (4, 2, 3)),
         lambda x: -numpy.log(high - low), (low + high) / 2, (high - low) ** 2 / 12,
         numpy.log(high - low)),
        ('chisquare', D.Chisquare(k + 2), lambda: rng.uniform(0.1, 3, (4, 2, 3)),
         lambda x: ((k / 2) * numpy.log(x) - x / 2 - _lgamma(k / 2 + 1)
                    - (k / 2 + 1) * math.log(2)),
         k + 2, 2 * (k + 2), None),
        ('pareto', D.Pareto(scale, alpha), lambda: rng.uniform(2.1, 5, (4, 2, 3)),
         lambda x: numpy.log(alpha) + alpha * numpy.log(scale) - (alpha + 1) * numpy.log(x),
         alpha * scale / (alpha - 1), scale ** 2 * alpha / ((alpha - 1) ** 2 * (alpha - 2)),
         numpy.log(scale / alpha) + 1 / alpha + 1),
        ('cauchy', D.Cauchy(loc, scale), lambda: rng.normal(size=(4, 2, 3)),
         lambda x: -numpy.log(math.pi * scale * (1 + ((x - loc) / scale) ** 2)),
         None, None, numpy.log(4 * math.pi * scale)),
    ]


CASES = {case[0]: case for case in _cases()}


@pytest.mark.parametrize('name', maybe_scipy(sorted(CASES), {'gamma', 'beta', 'chisquare'}))
def test_log_prob_prob_and_shapes(name):
    _, dist, sampler, log_density, _, _, _ = CASES[name]
    x = sampler()
    assert dist.batch_shape == (2, 3)
    assert dist.event_shape == ()
    logp = dist.log_prob(x)
    assert isinstance(logp, chainer.Variable) and logp.shape == (4, 2, 3)
    testing.assert_allclose(logp.array, log_density(x), rtol=1e-6, atol=1e-6)
    testing.assert_allclose(dist.prob(x).array, numpy.exp(log_density(x)),
                            rtol=1e-6, atol=1e-6)
    assert isinstance(dist.support, str)
    assert set(dist.params) <= {'loc', 'scale', 'lam', 'k', 'theta', 'a', 'b', 'mu',
                                'sigma', 'low', 'high', 'alpha'}


@pytest.mark.parametrize('name', maybe_scipy(sorted(CASES), {'gamma', 'beta', 'chisquare'}))
def test_moments_and_entropy(name):
    _, dist, _, _, mean, variance, entropy = CASES[name]
    if mean is not None:
        testing.assert_allclose(dist.mean.array, mean, rtol=1e-6)
        testing.assert_allclose(dist.variance.array, variance, rtol=1e-6)
        testing.assert_allclose(dist.stddev.array, numpy.sqrt(variance), rtol=1e-6)
    if entropy is not None:
        testing.assert_allclose(dist.entropy.array, entropy, rtol=1e-6)


@needs_scipy
@pytest.mark.parametrize('name', ['gamma', 'beta', 'chisquare'])
def test_entropy_by_integration(name):
    # the entropies with digamma: -E[log p], integrated on a fine grid of one element
    _, dist, _, _, _, _, _ = CASES[name]
    hi = 1.0 if name == 'beta' else 60.0
    grid = numpy.linspace(1e-6, hi - 1e-6, 400001)[:, None, None]
    logp = dist.log_prob(numpy.broadcast_to(grid, (grid.shape[0], 2, 3))).array
    integrand = -numpy.exp(logp) * logp
    expected = ((integrand[1:] + integrand[:-1]) / 2 * (grid[1] - grid[0])).sum(axis=0)
    testing.assert_allclose(dist.entropy.array, expected, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize('name', maybe_scipy(['normal', 'laplace', 'gumbel', 'exponential',
                                              'uniform', 'cauchy', 'pareto'], {'normal'}))
def test_cdf_icdf_and_survival(name):
    _, dist, _, _, _, _, _ = CASES[name]
    q = numpy.random.RandomState(1).uniform(0.05, 0.95, (4, 2, 3))
    x = dist.icdf(q)
    testing.assert_allclose(dist.cdf(x).array, q, rtol=1e-6, atol=1e-6)
    survival = getattr(dist, 'survival_function', None)
    try:
        testing.assert_allclose(survival(x).array, 1 - q, rtol=1e-6, atol=1e-6)
    except NotImplementedError:
        pass


@needs_scipy
def test_normal_cdf_family():
    dist = CASES['normal'][1]
    x = numpy.linspace(-2, 2, 6).reshape(1, 2, 3)
    z = (x - dist.loc.array) / dist.scale.array
    phi = 0.5 * (1 + _erf(z / math.sqrt(2)))
    testing.assert_allclose(dist.cdf(x).array, phi, rtol=1e-6)
    testing.assert_allclose(dist.log_cdf(x).array, numpy.log(phi), rtol=1e-6)
    testing.assert_allclose(dist.survival_function(x).array, 1 - phi, rtol=1e-6)
    testing.assert_allclose(dist.log_survival_function(x).array, numpy.log(1 - phi),
                            rtol=1e-6)


@pytest.mark.parametrize('name', ['normal', 'laplace', 'gumbel', 'exponential', 'gamma',
                                  'beta', 'log_normal', 'uniform', 'chisquare', 'pareto'])
def test_sample_moments(name):
    _, dist, _, _, mean, variance, _ = CASES[name]
    numpy.random.seed(3)
    smp = dist.sample((20000,))
    assert smp.shape == (20000, 2, 3)
    testing.assert_allclose(smp.array.mean(axis=0), mean, rtol=0.05, atol=0.05)
    testing.assert_allclose(smp.array.var(axis=0), variance, rtol=0.15, atol=0.05)


def test_sample_shapes_and_dtype():
    dist = D.Normal(numpy.zeros((2,), numpy.float32), numpy.ones((2,), numpy.float32))
    assert dist.sample().shape == (2,)
    assert dist.sample(5).shape == (5, 2)
    assert dist.sample((3, 4)).shape == (3, 4, 2)
    assert dist.sample_n(7).shape == (7, 2)
    assert dist.sample((3,)).dtype == numpy.float32


def test_python_numbers_and_lists_as_values():
    dist = D.Normal(numpy.zeros(2, numpy.float32), numpy.ones(2, numpy.float32))
    for x in (0.5, [0.5, 0.5], numpy.array([1, 1]) * 0.5):
        logp = dist.log_prob(x)
        assert logp.dtype == numpy.float32
        testing.assert_allclose(logp.array, [-0.5 * math.log(2 * math.pi) - 0.125] * 2)
    assert D.Exponential(numpy.ones(2)).log_prob(1).shape == (2,)


@needs_scipy
def test_support_limits():
    x = numpy.array([-0.5, 0.5, 3.0])
    uniform = D.Uniform(low=numpy.zeros(3), high=numpy.ones(3) * 2)
    assert numpy.isneginf(uniform.log_prob(x).array).tolist() == [True, False, True]
    expo = D.Exponential(numpy.ones(3))
    assert numpy.isneginf(expo.log_prob(x).array).tolist() == [True, False, False]
    testing.assert_allclose(expo.cdf(x).array, [0, 1 - math.exp(-0.5), 1 - math.exp(-3)])
    gamma = D.Gamma(numpy.ones(3) * 2, numpy.ones(3))
    assert numpy.isneginf(gamma.log_prob(x).array).tolist() == [True, False, False]
    beta = D.Beta(numpy.ones(3) * 2, numpy.ones(3) * 2)
    assert numpy.isneginf(beta.log_prob(x).array).tolist() == [True, False, True]
    pareto = D.Pareto(numpy.ones(3), numpy.array([0.5, 1.5, 2.5]))
    assert numpy.isneginf(pareto.log_prob(x).array).tolist() == [True, True, False]
    mean, var = pareto.mean.array, pareto.variance.array
    assert numpy.isinf(mean[0]) and numpy.isfinite(mean[1:]).all()
    assert numpy.isinf(var[:2]).all() and numpy.isfinite(var[2])


def test_cauchy_moments_warn_and_are_nan():
    dist = D.Cauchy(numpy.zeros(2, numpy.float32), numpy.ones(2, numpy.float32))
    with testing.assert_warns(RuntimeWarning):
        assert numpy.isnan(dist.mean.array).all()
    with testing.assert_warns(RuntimeWarning):
        assert numpy.isnan(dist.variance.array).all()


def test_parameter_errors():
    with pytest.raises(ValueError):
        D.Normal(numpy.zeros(2))
    with pytest.raises(ValueError):
        D.Normal(numpy.zeros(2), numpy.ones(2), log_scale=numpy.zeros(2))
    with pytest.raises(TypeError):
        D.Normal(numpy.zeros(2), numpy.ones(2), bad=1)
    with pytest.raises(ValueError):
        D.Uniform(low=numpy.zeros(2))
    with pytest.raises(ValueError):
        D.Uniform(low=numpy.zeros(2), high=numpy.ones(2), loc=numpy.zeros(2),
                  scale=numpy.ones(2))


def test_undefined_quantities_name_the_class():
    dist = D.Gamma(numpy.ones(2), numpy.ones(2))
    with pytest.raises(NotImplementedError, match='Gamma does not define cdf'):
        dist.cdf(numpy.ones(2))
