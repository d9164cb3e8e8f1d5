import numpy
import pytest

import chainer
import chainer.links as L
import link_checks


def _sigmoid(z):
    return 1 / (1 + numpy.exp(-z))


def _numpy_lstm_step(link, x, c, h):
    """The candidate ``(c~, h~)`` of one LSTM step, gates interleaved per unit."""
    z = x.dot(link.upward.W.data.T) + link.upward.b.data + h.dot(link.lateral.W.data.T)
    z = z.reshape(len(x), -1, 4)
    a, i, f, o = (z[:, :, k] for k in range(4))
    c_new = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c
    return c_new, _sigmoid(o) * numpy.tanh(c_new)


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_parameter_layout_and_defaults():
    link = L.StatefulZoneoutLSTM(3, 2)
    assert link.upward.W.shape == (8, 3) and link.upward.b.shape == (8,)
    assert link.lateral.W.shape == (8, 2) and link.lateral.b is None
    assert (link.c_ratio, link.h_ratio, link.train) == (0.5, 0.5, True)
    assert link.c is None and link.h is None


def test_without_zoneout_it_is_an_lstm():
    link = L.StatefulZoneoutLSTM(3, 2, train=False)
    c = h = numpy.zeros((4, 2))
    for _ in range(2):
        x = _x(4, 3)
        y = link(chainer.Variable(x))
        c, h = _numpy_lstm_step(link, x, c, h)
        numpy.testing.assert_allclose(y.data, h, rtol=1e-5, atol=1e-6)
        numpy.testing.assert_allclose(link.c.data, c, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('c_ratio,h_ratio', [(1.0, 1.0), (0.5, 0.3)])
def test_each_unit_keeps_its_previous_value_or_takes_the_new_one(c_ratio, h_ratio):
    link = L.StatefulZoneoutLSTM(3, 5, c_ratio=c_ratio, h_ratio=h_ratio)
    c0, h0 = _x(4, 5), _x(4, 5)
    link.set_state(chainer.Variable(c0), chainer.Variable(h0))
    x = _x(4, 3)
    y = link(chainer.Variable(x))
    c_new, h_new = _numpy_lstm_step(link, x, c0, h0)
    for got, previous, new in ((link.c.data, c0, c_new), (y.data, h0, h_new)):
        kept = numpy.isclose(got, previous, atol=1e-6)
        assert (kept | numpy.isclose(got, new, atol=1e-5)).all()
    if c_ratio == 1.0:
        numpy.testing.assert_array_equal(link.c.data, c0)
        numpy.testing.assert_array_equal(y.data, h0)


def test_set_state_requires_variables_and_reset_state_clears():
    link = L.StatefulZoneoutLSTM(3, 2)
    with pytest.raises(TypeError):
        link.set_state(numpy.zeros((1, 2), 'f'), numpy.zeros((1, 2), 'f'))
    link(chainer.Variable(_x(1, 3)))
    link.reset_state()
    assert link.c is None and link.h is None


def test_backward_reaches_every_param():
    link = L.StatefulZoneoutLSTM(3, 2, c_ratio=0.3, h_ratio=0.3)
    h0 = numpy.random.randn(4, 2)

    def call(x):
        # the same zoneout masks for every evaluation of the numerical gradient
        numpy.random.seed(7)
        link.set_state(chainer.Variable(numpy.zeros((4, 2))), chainer.Variable(h0))
        return link(x)
    link_checks.check_backward(link, numpy.random.randn(4, 3), numpy.random.randn(4, 2),
                               call=call)


def test_serialization_and_copies(tmp_path):
    x = _x(2, 3)

    def call(link):
        link.reset_state()
        return link(chainer.Variable(x))
    make = lambda: L.StatefulZoneoutLSTM(3, 2, train=False)  # noqa: E731
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)
