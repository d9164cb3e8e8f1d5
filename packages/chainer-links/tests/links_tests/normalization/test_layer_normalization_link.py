import warnings

import numpy
import pytest

import chainer
import chainer.links as L
import link_checks


@pytest.fixture(autouse=True)
def _quiet_experimental_warning():
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', FutureWarning)
        yield


def _numpy_layer_norm(x, gamma, beta, eps):
    x = x.astype(numpy.float64)
    mean = x.mean(axis=1, keepdims=True)
    # as in v1, eps is added to the deviation
    deviation = numpy.sqrt(((x - mean) ** 2).mean(axis=1, keepdims=True))
    return gamma * (x - mean) / (deviation + eps) + beta


def test_parameter_layout_and_forward_against_numpy():
    link = L.LayerNormalization(4, eps=1e-3, initial_gamma=2.0, initial_beta=0.5)
    assert link.gamma.shape == (4,) and link.beta.shape == (4,)
    numpy.testing.assert_array_equal(link.gamma.data, 2)
    numpy.testing.assert_array_equal(link.beta.data, 0.5)
    x = numpy.random.uniform(-1, 1, (3, 4)).astype(numpy.float32)
    y = link(chainer.Variable(x))
    numpy.testing.assert_allclose(y.data, _numpy_layer_norm(x, 2, 0.5, 1e-3), rtol=1e-5,
                                  atol=1e-5)


def test_defaults_scale_by_one_and_shift_by_zero():
    link = L.LayerNormalization(3)
    numpy.testing.assert_array_equal(link.gamma.data, 1)
    numpy.testing.assert_array_equal(link.beta.data, 0)
    assert link.eps == 1e-6


def test_lazy_size_is_read_from_the_first_input():
    link = L.LayerNormalization()
    assert link.gamma is None and link.beta is None
    link(chainer.Variable(numpy.ones((2, 5), numpy.float32)))
    assert link.gamma.shape == (5,) and link.beta.shape == (5,)


def test_is_experimental_as_in_v1():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        L.LayerNormalization(3)
    assert any(issubclass(w.category, FutureWarning) for w in caught)


def test_backward_reaches_every_param():
    link = L.LayerNormalization(4)
    link.gamma.data[:] = numpy.random.uniform(0.5, 1.5, 4)
    link_checks.check_backward(link, numpy.random.randn(3, 4), numpy.random.randn(3, 4))


def test_serialization_and_copies(tmp_path):
    x = numpy.random.randn(2, 3).astype(numpy.float32)

    def call(link):
        return link(chainer.Variable(x))
    link_checks.check_serialization(lambda: L.LayerNormalization(3), call, tmp_path)
    link_checks.check_copies(lambda: L.LayerNormalization(3), call)


def test_lazy_size_from_an_empty_batch():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', FutureWarning)
        link = L.LayerNormalization()
    y = link(numpy.zeros((0, 3), numpy.float32))
    assert y.shape == (0, 3) and link.gamma.shape == (3,)
