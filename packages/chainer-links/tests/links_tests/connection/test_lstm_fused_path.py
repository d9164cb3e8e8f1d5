"""L.LSTM / L.StatelessLSTM on the host run one fused node per step; values and
gradients equal the composition lstm(c, upward(x) + lateral(h))."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer.functions.activation import _fused_lstm


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def _composed_steps(link, xs):
    """The same steps by separate nodes on the link's own parameters."""
    up, lat = link.upward, link.lateral
    c = chainer.Variable(numpy.zeros((len(xs[0]), link.state_size), numpy.float32))
    h = None
    for x in xs:
        z = F.linear(x, up.W, up.b)
        if h is not None:
            z = z + F.linear(h, lat.W)
        c, h = F.lstm(c, z)
    return h


def _grads(link):
    return {path: p.grad.copy() for path, p in link.namedparams()}


def test_lstm_steps_match_the_composition_in_values_and_gradients():
    link = L.LSTM(3, 4)
    xs = [chainer.Variable(_x(2, 3)) for _ in range(3)]
    for x in xs:
        y = link(x)
    assert isinstance(y.creator, _fused_lstm.FusedLSTM)
    gy = _x(2, 4)
    y.grad = gy
    link.cleargrads()
    y.backward()
    fused = _grads(link)
    gx_fused = xs[0].grad.copy()

    for x in xs:
        x.cleargrad()
    y_ref = _composed_steps(link, xs)
    numpy.testing.assert_allclose(y.data, y_ref.data, rtol=1e-5, atol=1e-6)
    y_ref.grad = gy
    link.cleargrads()
    y_ref.backward()
    for path, g in _grads(link).items():
        numpy.testing.assert_allclose(fused[path], g, rtol=1e-4, atol=1e-6, err_msg=path)
    numpy.testing.assert_allclose(gx_fused, xs[0].grad, rtol=1e-4, atol=1e-6)


def test_a_smaller_batch_runs_the_composition():
    link = L.LSTM(3, 2)
    link(chainer.Variable(_x(3, 3)))
    y = link(chainer.Variable(_x(2, 3)))
    assert isinstance(link.c.creator, F.LSTM)
    assert y.shape == (2, 2) and link.h.shape == (3, 2)


@pytest.mark.parametrize('with_state', [False, True])
def test_stateless_lstm_runs_fused(with_state):
    link = L.StatelessLSTM(3, 2)
    c, h = (chainer.Variable(_x(4, 2)), chainer.Variable(_x(4, 2))) if with_state \
        else (None, None)
    c_new, h_new = link(c, h, chainer.Variable(_x(4, 3)))
    assert isinstance(h_new.creator, _fused_lstm.FusedLSTM)
    assert c_new.shape == h_new.shape == (4, 2)


def test_volatile_input_builds_no_graph():
    link = L.LSTM(3, 2)
    y = link(chainer.Variable(_x(2, 3), volatile='on'))
    y = link(chainer.Variable(_x(2, 3), volatile='on'))
    assert y.creator is None and y.volatile == 'on'
