"""NegativeSampling and BlackOut: losses with a Walker alias sampler."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_negative_sampling_equals_function_with_the_same_samples():
    link = L.NegativeSampling(3, [4, 1, 2, 3], sample_size=2)
    assert link.W.shape == (4, 3)
    numpy.testing.assert_array_equal(link.W.data, 0)
    link.W.data[...] = numpy.random.randn(4, 3)
    x, t = _x(5, 3), numpy.array([0, 1, 2, 3, 0], 'i')
    numpy.random.seed(3)
    y = link(chainer.Variable(x), chainer.Variable(t))
    numpy.random.seed(3)
    expected = F.negative_sampling(x, t, link.W.data, link.sampler.alias.sample, 2)
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)


def test_negative_sampling_distribution_uses_power():
    link = L.NegativeSampling(2, [1, 16], sample_size=1, power=0.5)
    samples = link._sample((20000,))
    numpy.testing.assert_allclose(numpy.mean(samples == 1), 0.8, atol=0.02)


def test_black_out_equals_function_with_the_same_samples():
    link = L.BlackOut(3, [4, 1, 2, 3], sample_size=3)
    assert link.W.shape == (4, 3) and numpy.all(numpy.isfinite(link.W.data))
    x, t = _x(5, 3), numpy.array([0, 1, 2, 3, 0], 'i')
    numpy.random.seed(3)
    y = link(chainer.Variable(x), chainer.Variable(t))
    numpy.random.seed(3)
    samples = link.sampler.alias.sample((5, 3))
    expected = F.black_out(x, t, link.W.data, samples)
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)


CASES = {
    'NegativeSampling': lambda: L.NegativeSampling(3, [2, 1, 3], sample_size=2),
    'BlackOut': lambda: L.BlackOut(3, [2, 1, 3], sample_size=2),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_backward_serialization_copies(name, tmp_path):
    link = CASES[name]()
    link_checks.perturb(link)
    t = numpy.array([0, 2, 1], dtype=numpy.int32)

    def call(x, t):
        # The same negative samples for every evaluation of the gradient check.
        numpy.random.seed(5)
        return link(x, t)
    link_checks.check_backward(link, (numpy.random.randn(3, 3), t), None, call=call)
    x = _x(3, 3)

    def call32(link):
        numpy.random.seed(5)
        return link(chainer.Variable(x), chainer.Variable(t))
    link_checks.check_serialization(CASES[name], call32, tmp_path)
    link_checks.check_copies(CASES[name], call32)


@pytest.mark.parametrize('make,match', [
    (lambda: L.NegativeSampling(0, [1, 2], 2), 'in_size'),
    (lambda: L.NegativeSampling(2, [], 2), 'counts'),
    (lambda: L.NegativeSampling(2, [1, 2], 0), 'sample_size'),
    (lambda: L.BlackOut(2, [[1, 2]], 2), 'counts'),
    (lambda: L.BlackOut(2, [1, -2], 2), 'counts'),
])
def test_bad_constructor_arguments(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize('name', sorted(CASES))
def test_mis_shaped_input(name):
    with pytest.raises(chainer.utils.type_check.InvalidType):
        CASES[name]()(chainer.Variable(_x(2, 4)),
                      chainer.Variable(numpy.zeros(2, numpy.int32)))
