import numpy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chainer import utils
from chainer.utils import walker_alias


def _implied_distribution(sampler):
    """The distribution the alias tables encode: bucket mass split by threshold."""
    n = sampler.threshold.size
    mass = numpy.asarray(sampler.threshold, dtype=numpy.float64).copy()
    numpy.add.at(mass, sampler.alias, 1 - sampler.threshold)
    return mass / n


def test_exported_from_utils():
    assert utils.WalkerAlias is walker_alias.WalkerAlias


@pytest.mark.parametrize('probs', [
    [1.0], [0.5, 0.5], [0.1, 0.2, 0.7], [3, 0, 1, 0, 6], [0.0, 1.0],
    [0.01] * 10 + [5.0], [1, 1, 1, 10, 1, 1, 1, 1, 1, 10],
])
def test_tables_encode_probs(probs):
    s = utils.WalkerAlias(probs)
    p = numpy.asarray(probs, numpy.float64)
    numpy.testing.assert_allclose(_implied_distribution(s), p / p.sum(), atol=1e-12)
    assert ((s.threshold >= 0) & (s.threshold <= 1)).all()
    assert s.alias.dtype == numpy.int32


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(0, 100, allow_nan=False), min_size=1, max_size=40)
       .filter(lambda p: sum(p) > 1e-3))
def test_tables_encode_random_probs(probs):
    s = utils.WalkerAlias(probs)
    p = numpy.asarray(probs, numpy.float64)
    numpy.testing.assert_allclose(_implied_distribution(s), p / p.sum(), atol=1e-9)


def test_sample_shape_dtype_and_frequencies():
    numpy.random.seed(0)
    probs = numpy.array([0.1, 0.0, 0.6, 0.3])
    s = utils.WalkerAlias(probs)
    x = s.sample((200, 50))
    assert x.shape == (200, 50) and x.dtype == numpy.int32
    assert x.min() >= 0 and x.max() < 4
    assert not (x == 1).any()  # zero probability is never drawn
    freq = numpy.bincount(x.ravel(), minlength=4) / x.size
    # 10000 draws: binomial standard deviation below 0.005
    numpy.testing.assert_allclose(freq, probs, atol=0.02)
    assert s((3,)).shape == (3,)


@pytest.mark.parametrize('probs,match', [
    ([], 'non-empty'), ([[0.5, 0.5]], '1-d'), ([0.5, -0.1], 'non-negative'),
    ([0.0, 0.0], 'positive sum'), ([numpy.nan, 1.0], 'finite'),
])
def test_bad_probs(probs, match):
    with pytest.raises(ValueError, match=match):
        utils.WalkerAlias(probs)


def test_to_cpu_is_noop_on_host():
    s = utils.WalkerAlias([0.2, 0.8])
    s.to_cpu()
    assert not s.use_gpu and isinstance(s.threshold, numpy.ndarray)


def test_to_gpu_without_a_backend_names_the_package_and_keeps_cpu_mode(monkeypatch):
    from chainer import cuda
    monkeypatch.setattr(cuda, '_backend_cache', [None])
    s = utils.WalkerAlias([0.2, 0.8])
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        s.to_gpu()
    assert not s.use_gpu and isinstance(s.threshold, numpy.ndarray)
    assert s.sample((3,)).shape == (3,)


def test_equal_probabilities_that_round_below_one():
    # 5 * (x / (5 x)) rounds to just below 1 for this x: every entry looked "small"
    # and the table lookup indexed an empty donor list (found by hypothesis).
    probs = [51.46025301323809] * 5
    s = utils.WalkerAlias(probs)
    numpy.testing.assert_allclose(_implied_distribution(s), numpy.full(5, 0.2), atol=1e-9)


def test_v1_sample_cpu_draws_like_sample():
    from chainer.utils import WalkerAlias
    sampler = WalkerAlias([0.0, 1.0, 0.0])
    drawn = sampler.sample_cpu((4, 2))
    assert drawn.shape == (4, 2) and drawn.dtype == 'int32' and (drawn == 1).all()
