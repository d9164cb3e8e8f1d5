import numpy
import pytest

import chainer
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_parameter_layout_and_initial_values():
    link = L.SimplifiedDropconnect(3, 2)
    assert link.W.shape == (2, 3) and link.b.shape == (2,) and link.ratio == 0.5
    numpy.testing.assert_array_equal(link.b.data, 0)
    W = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    link = L.SimplifiedDropconnect(3, 2, ratio=0.2, initialW=W, initial_bias=1.5)
    numpy.testing.assert_array_equal(link.W.data, W)
    numpy.testing.assert_array_equal(link.b.data, 1.5)
    link = L.SimplifiedDropconnect(3, 2, nobias=True)
    assert link.b is None and [p for p, _ in link.namedparams()] == ['/W']


def test_default_weight_is_drawn_from_n_0_1_over_in_size():
    W = L.SimplifiedDropconnect(400, 200).W.data
    assert abs(W.std() - numpy.sqrt(1 / 400.)) < 0.003


def test_forward_with_a_mask_against_numpy():
    link = L.SimplifiedDropconnect(3, 2, ratio=0.25)
    x = _x(4, 3)
    mask = numpy.random.rand(4, 2, 3) >= 0.25
    y = link(chainer.Variable(x), mask=mask)
    W, b = link.W.data.astype(numpy.float64), link.b.data
    expected = numpy.array([(W * mask[i]).dot(x[i]) / 0.75 + b for i in range(4)])
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-5, atol=1e-6)
    # as in v1, the first mask given is kept as a persistent value
    assert link.mask is mask and 'mask' in link._persistent


def test_not_training_is_a_linear_layer():
    link = L.SimplifiedDropconnect(3, 2, ratio=0.9)
    x = _x(4, 3)
    y = link(chainer.Variable(x), train=False)
    numpy.testing.assert_allclose(y.data, x.dot(link.W.data.T) + link.b.data, rtol=1e-5)


def test_lazy_input_size():
    link = L.SimplifiedDropconnect(None, 2)
    assert link.W.data is None  # an uninitialized Parameter (v2+)
    y = link(chainer.Variable(_x(4, 3, 2)))
    assert link.W.shape == (2, 6) and y.shape == (4, 2)


@pytest.mark.parametrize('nobias', [False, True])
def test_backward_reaches_every_param(nobias):
    link = L.SimplifiedDropconnect(3, 2, nobias=nobias)
    mask = numpy.random.rand(4, 2, 3) >= 0.5
    link_checks.check_backward(link, numpy.random.randn(4, 3), numpy.random.randn(4, 2),
                               call=lambda x: link(x, mask=mask))


def test_serialization_and_copies(tmp_path):
    x = _x(2, 3)

    def call(link):
        return link(chainer.Variable(x), train=False)
    link_checks.check_serialization(lambda: L.SimplifiedDropconnect(3, 2), call, tmp_path)
    link_checks.check_copies(lambda: L.SimplifiedDropconnect(3, 2), call)
