"""The n_step_*_base functions take v1's arguments (train, use_cudnn, ...,
use_bi_direction) and v2+'s (..., use_bi_direction) with the same results."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.functions.connection import n_step_gru, n_step_lstm, n_step_rnn


def _params(n_w, bi, seed=0):
    rs = numpy.random.RandomState(seed)
    d = 2 if bi else 1
    ws = [[rs.uniform(-1, 1, (2, 3 if j < n_w // 2 else 2)).astype('f')
           for j in range(n_w)] for _ in range(d)]
    bs = [[rs.uniform(-1, 1, (2,)).astype('f') for _ in range(n_w)] for _ in range(d)]
    hx = rs.uniform(-1, 1, (d, 2, 2)).astype('f')
    xs = [rs.uniform(-1, 1, (2, 3)).astype('f'), rs.uniform(-1, 1, (1, 3)).astype('f')]
    return hx, ws, bs, xs


def _same(a, b):
    for x, y in zip(a[:-1], b[:-1]):
        testing.assert_allclose(x.array, y.array)
    for x, y in zip(a[-1], b[-1]):
        testing.assert_allclose(x.array, y.array)


@pytest.mark.parametrize('bi', [False, True])
def test_lstm_base_forms(bi):
    hx, ws, bs, xs = _params(8, bi)
    ref = (F.n_step_bilstm if bi else F.n_step_lstm)(1, 0.0, hx, hx, ws, bs, xs)
    _same(n_step_lstm.n_step_lstm_base(1, 0.0, hx, hx, ws, bs, xs, bi), ref)
    _same(n_step_lstm.n_step_lstm_base(1, 0.0, hx, hx, ws, bs, xs, True, None, bi), ref)
    _same(n_step_lstm.n_step_lstm_base(1, 0.0, hx, hx, ws, bs, xs, True,
                                       use_cudnn=False, use_bi_direction=bi), ref)
    _same(n_step_lstm.n_step_lstm_base(1, 0.0, hx, hx, ws, bs, xs,
                                       use_bi_direction=bi), ref)


@pytest.mark.parametrize('bi', [False, True])
def test_gru_base_forms(bi):
    hx, ws, bs, xs = _params(6, bi)
    ref = (F.n_step_bigru if bi else F.n_step_gru)(1, 0.0, hx, ws, bs, xs)
    _same(n_step_gru.n_step_gru_base(1, 0.0, hx, ws, bs, xs, bi), ref)
    _same(n_step_gru.n_step_gru_base(1, 0.0, hx, ws, bs, xs, False, False, bi), ref)


@pytest.mark.parametrize('activation', ['tanh', 'relu'])
def test_rnn_base_forms(activation):
    hx, ws, bs, xs = _params(2, True)
    ref = F.n_step_birnn(1, 0.0, hx, ws, bs, xs, activation=activation)
    _same(n_step_rnn.n_step_rnn_base(1, 0.0, hx, ws, bs, xs, activation, True), ref)
    _same(n_step_rnn.n_step_rnn_base(1, 0.0, hx, ws, bs, xs, True, None, activation,
                                     True), ref)
    _same(n_step_rnn.n_step_rnn_base(1, 0.0, hx, ws, bs, xs, True, None,
                                     activation=activation, use_bi_direction=True), ref)


def test_base_argument_errors():
    hx, ws, bs, xs = _params(6, False)
    with pytest.raises(TypeError):
        n_step_gru.n_step_gru_base(1, 0.0, hx, ws, bs, xs)  # no use_bi_direction
    with pytest.raises(TypeError):
        n_step_gru.n_step_gru_base(1, 0.0, hx, ws, bs, xs, True, True, False, 1)
    with pytest.raises(TypeError):
        n_step_gru.n_step_gru_base(1, 0.0, hx, ws, bs, xs, False, colour=1)
