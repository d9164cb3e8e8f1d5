"""chainer.Distribution (the base class), the KL registry, cross_entropy and the lazy
``chainer.distributions`` attribute. A toy distribution computed with numpy keeps the
tests inside chainer-core."""
import numpy
import pytest

import chainer
from chainer import _missing
from chainer import _namespace
from chainer import distribution


class Toy(chainer.Distribution):
    """Exponential distribution with rate ``lam``, computed on arrays."""

    def __init__(self, lam):
        self.lam = numpy.asarray(lam, numpy.float64)

    @property
    def batch_shape(self):
        return self.lam.shape

    @property
    def event_shape(self):
        return ()

    @property
    def params(self):
        return {'lam': chainer.Variable(self.lam)}

    @property
    def variance(self):
        return chainer.Variable(1 / self.lam ** 2)

    @property
    def entropy(self):
        return chainer.Variable(1 - numpy.log(self.lam))

    def sample_n(self, n):
        eps = numpy.random.standard_exponential((n,) + self.lam.shape)
        return chainer.Variable(eps / self.lam)


class SubToy(Toy):
    pass


def test_public_names():
    assert chainer.Distribution is distribution.Distribution
    assert chainer.kl_divergence is distribution.kl_divergence
    assert chainer.cross_entropy is distribution.cross_entropy
    assert chainer.register_kl is distribution.register_kl


def test_sample_shapes():
    toy = Toy(numpy.ones((2, 3)))
    assert toy.sample().shape == (2, 3)
    assert toy.sample(4).shape == (4, 2, 3)
    assert toy.sample((5, 4)).shape == (5, 4, 2, 3)
    assert toy.sample([1]).shape == (1, 2, 3)
    assert toy.sample(numpy.int64(2)).shape == (2, 2, 3)
    assert toy.sample((numpy.int32(2),)).shape == (2, 2, 3)


def test_stddev_defaults_to_the_root_of_the_variance():
    toy = Toy([0.5, 4.0])
    numpy.testing.assert_allclose(toy.stddev.array, [2.0, 0.25])


def test_xp_follows_the_parameters():
    assert Toy([1.0]).xp is numpy


@pytest.mark.parametrize('name', ['mean', 'mode', 'covariance', 'support'])
def test_undefined_properties_name_the_class(name):
    with pytest.raises(NotImplementedError, match='Toy does not define ' + name):
        getattr(Toy([1.0]), name)


@pytest.mark.parametrize('name', ['log_prob', 'prob', 'cdf', 'log_cdf', 'icdf',
                                  'survival_function', 'log_survival_function',
                                  'perplexity'])
def test_undefined_functions_name_the_class(name):
    with pytest.raises(NotImplementedError, match='Toy does not define ' + name):
        getattr(Toy([1.0]), name)(numpy.ones(1))


def test_base_class_itself_is_abstract():
    with pytest.raises(NotImplementedError):
        chainer.Distribution().sample(2)


def test_register_kl_lookup_subclasses_and_cross_entropy(monkeypatch):
    monkeypatch.setattr(distribution, '_KL_DIVERGENCE', {})

    def kl(p, q):
        r = q.lam / p.lam
        return chainer.Variable(r - numpy.log(r) - 1)

    assert chainer.register_kl(Toy, Toy)(kl) is kl
    p, q = Toy([1.0, 2.0]), Toy([2.0, 2.0])
    numpy.testing.assert_allclose(chainer.kl_divergence(p, q).array,
                                  [1 - numpy.log(2), 0])
    # a subclass without its own registration uses its base class's
    numpy.testing.assert_allclose(chainer.kl_divergence(SubToy([1.0]), q).array[0],
                                  1 - numpy.log(2))
    numpy.testing.assert_allclose(chainer.cross_entropy(p, q).array,
                                  p.entropy.array + chainer.kl_divergence(p, q).array)

    @chainer.register_kl(SubToy, Toy)
    def special(p, q):
        return chainer.Variable(numpy.zeros(1))
    assert chainer.kl_divergence(SubToy([1.0]), q).array[0] == 0


def test_kl_without_registration_says_so(monkeypatch):
    monkeypatch.setattr(distribution, '_KL_DIVERGENCE', {})
    with pytest.raises(NotImplementedError, match='Toy and SubToy'):
        chainer.kl_divergence(Toy([1.0]), SubToy([1.0]))


def test_distributions_is_a_lazy_sibling_attribute():
    assert 'distributions' in dir(chainer)
    assert _missing.SIBLING_MODULES['chainer.distributions'] == 'chainer-links'
    assert _namespace.LATER_NAMES['distributions'] == ('chainer.distributions', None)


def test_missing_distributions_portion_names_the_package(monkeypatch):
    def fail(path):
        raise ImportError('No module named {!r}'.format(path), name=path)
    monkeypatch.setattr(_namespace.importlib, 'import_module', fail)
    namespace = {}
    with pytest.raises(AttributeError, match='chainer.distributions is provided by the '
                       'chainer-links distribution'):
        _namespace.load(namespace, 'distributions')
    assert 'distributions' not in namespace
