"""The private one-step LSTM helper ``_lstm`` that v7 code (ChainerRL's tests) imports."""
import numpy

import chainer
from chainer import functions as F
from chainer import gradient_check
from chainer import links as L
from chainer.functions.connection import n_step_lstm as connection_n_step_lstm
from chainer.functions.rnn import n_step_lstm as rnn_n_step_lstm


def _sigmoid(v):
    return 1 / (1 + numpy.exp(-v))


def test_helper_under_both_paths():
    assert rnn_n_step_lstm._lstm is connection_n_step_lstm._lstm


def test_one_step_matches_n_step_lstm_and_numpy():
    rng = numpy.random.RandomState(0)
    link = L.NStepLSTM(1, 3, 4, 0.0)
    for p in link.params():
        p.array[...] = rng.uniform(-1, 1, p.shape).astype(p.dtype)
    x = rng.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    h = rng.uniform(-1, 1, (2, 4)).astype(numpy.float32)
    c = rng.uniform(-1, 1, (2, 4)).astype(numpy.float32)
    w, b = link.ws[0], link.bs[0]
    h_new, c_new = rnn_n_step_lstm._lstm(x, h, c, w, b)

    hy, cy, ys = F.n_step_lstm(1, 0.0, h[None], c[None], [w], [b], [x])
    numpy.testing.assert_allclose(h_new.array, hy.array[0], rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(c_new.array, cy.array[0], rtol=1e-5, atol=1e-6)

    W = [wk.array for wk in w]
    B = [bk.array for bk in b]
    pre = [x.dot(W[k].T) + B[k] + h.dot(W[k + 4].T) + B[k + 4] for k in range(4)]
    c_ref = _sigmoid(pre[1]) * c + _sigmoid(pre[0]) * numpy.tanh(pre[2])
    h_ref = _sigmoid(pre[3]) * numpy.tanh(c_ref)
    numpy.testing.assert_allclose(c_new.array, c_ref, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(h_new.array, h_ref, rtol=1e-5, atol=1e-6)


def test_gradients_twice():
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-1, 1, (2, 3))
    h = rng.uniform(-1, 1, (2, 2))
    c = rng.uniform(-1, 1, (2, 2))
    ws = [rng.uniform(-1, 1, (2, 3 if k < 4 else 2)) for k in range(8)]
    bs = [rng.uniform(-1, 1, (2,)) for _ in range(8)]

    def f(x, h, c, *wb):
        return rnn_n_step_lstm._lstm(x, h, c, wb[:8], wb[8:])

    inputs = (x, h, c) + tuple(ws) + tuple(bs)
    gys = (rng.uniform(-1, 1, (2, 2)), rng.uniform(-1, 1, (2, 2)))
    gradient_check.check_backward(f, inputs, gys, rtol=1e-5, atol=1e-6)
    ggx = tuple(rng.uniform(-1, 1, a.shape) for a in inputs)
    gradient_check.check_double_backward(f, inputs, gys, ggx, rtol=1e-4, atol=1e-5)
    assert isinstance(f(*inputs)[0], chainer.Variable)
