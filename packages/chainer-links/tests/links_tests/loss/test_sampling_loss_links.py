"""NegativeSampling and BlackOut: losses with a Walker alias sampler."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks
from chainer import cuda
from chainer import utils
from chainer.testing import attr


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
    expected = F.negative_sampling(x, t, link.W.data, link.sampler.sample, 2)
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)


def test_negative_sampling_link_takes_reduce_as_in_v1_24():
    link = L.NegativeSampling(3, [4, 1, 2, 3], sample_size=2)
    link.W.data[...] = numpy.random.randn(4, 3)
    x, t = _x(5, 3), numpy.array([0, 1, 2, 3, 0], 'i')
    numpy.random.seed(4)
    each = link(x, t, reduce='no')
    numpy.random.seed(4)
    total = link(x, t)
    assert each.shape == (5,)
    numpy.testing.assert_allclose(each.data.sum(), total.data, rtol=1e-5)


def test_negative_sampling_distribution_uses_power():
    link = L.NegativeSampling(2, [1, 16], sample_size=1, power=0.5)
    samples = link.sampler.sample((20000,))
    numpy.testing.assert_allclose(numpy.mean(samples == 1), 0.8, atol=0.02)


def test_black_out_equals_function_with_the_same_samples():
    link = L.BlackOut(3, [4, 1, 2, 3], sample_size=3)
    assert link.W.shape == (4, 3) and numpy.all(numpy.isfinite(link.W.data))
    x, t = _x(5, 3), numpy.array([0, 1, 2, 3, 0], 'i')
    numpy.random.seed(3)
    y = link(chainer.Variable(x), chainer.Variable(t))
    numpy.random.seed(3)
    samples = link.sampler.sample((5, 3))
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


@pytest.mark.parametrize('name', sorted(CASES))
def test_sampler_draws_a_shape_as_in_v1(name):
    # v1 code calls link.sampler.sample(shape) itself (e.g. to fix the samples).
    link = CASES[name]().to_cpu()
    assert isinstance(link.sampler, utils.WalkerAlias)
    samples = link.sampler.sample((4, 2))
    assert isinstance(samples, numpy.ndarray) and samples.dtype == numpy.int32
    assert samples.shape == (4, 2) and 0 <= samples.min() and samples.max() < 3


def test_black_out_uses_sample_data_when_set_as_in_v1():
    link = L.BlackOut(3, [4, 1, 2, 3], sample_size=2)
    x, t = _x(5, 3), numpy.array([0, 1, 2, 3, 0], 'i')
    link.sample_data = numpy.array([[1, 2], [0, 3], [3, 3], [2, 1], [1, 1]], 'i')
    expected = F.black_out(x, t, link.W.data, link.sample_data).data
    for _ in range(2):
        y = link(chainer.Variable(x), chainer.Variable(t))
        numpy.testing.assert_allclose(y.data, expected, rtol=1e-6)


@attr.gpu
@pytest.mark.parametrize('name', sorted(CASES))
def test_sampler_follows_the_link_to_the_gpu_as_in_v1(name):
    link = CASES[name]()
    link.to_gpu()
    assert not isinstance(link.sampler.sample((2, 2)), numpy.ndarray)
    # A CPU copy sharing the sampler draws on its own device.
    cpu_copy = link.copy().to_cpu()
    x = numpy.ones((3, 3), numpy.float32)
    t = numpy.array([0, 2, 1], dtype=numpy.int32)
    y = link(chainer.Variable(cuda.to_gpu(x)), chainer.Variable(cuda.to_gpu(t)))
    assert isinstance(y.data, type(link.W.data))
    y = cpu_copy(chainer.Variable(x), chainer.Variable(t))
    assert isinstance(y.data, numpy.ndarray)
    link.to_cpu()
    assert isinstance(link.sampler.sample((2, 2)), numpy.ndarray)
