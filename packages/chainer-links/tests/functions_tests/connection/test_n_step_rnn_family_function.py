"""F.n_step_rnn, n_step_birnn, n_step_gru, n_step_bigru and n_step_bilstm (Chainer
v1.24) against a per-sequence, per-step float64 reference written from v1's formulas."""
import numpy
import pytest

import chainer.functions as F
from chainer import function
from chainer import testing
from chainer.functions.connection import n_step_rnn as n_step_rnn_module
from chainer.utils import type_check

N_LAYERS, N_IN, N_UNITS = 2, 3, 2
BATCHES = [3, 2, 2, 1]   # B_t: sequences of lengths 4, 3 and 1, sorted and transposed

# kind -> (number of weights per unit, bidirectional, cell)
KINDS = {
    'rnn_tanh': (2, False, 'tanh'), 'rnn_relu': (2, False, 'relu'),
    'birnn_tanh': (2, True, 'tanh'), 'birnn_relu': (2, True, 'relu'),
    'gru': (6, False, 'gru'), 'bigru': (6, True, 'gru'),
    'lstm': (8, False, 'lstm'), 'bilstm': (8, True, 'lstm'),
}


def _params(kind, dtype, batches=BATCHES, n_layers=N_LAYERS):
    n_w, bi, cell = KINDS[kind]
    u = numpy.random.uniform
    D = 2 if bi else 1
    states = [u(-1, 1, (n_layers * D, batches[0], N_UNITS)).astype(dtype)
              for _ in range(2 if cell == 'lstm' else 1)]
    ws, bs = [], []
    for unit in range(n_layers * D):
        w_in = N_IN if unit < D else N_UNITS * D
        ws.append([u(-1, 1, (N_UNITS, w_in if j < n_w // 2 else N_UNITS)).astype(dtype)
                   for j in range(n_w)])
        bs.append([u(-1, 1, N_UNITS).astype(dtype) for _ in range(n_w)])
    xs = [u(-1, 1, (b, N_IN)).astype(dtype) for b in batches]
    return states, ws, bs, xs


def _call(kind, dropout, states, ws, bs, xs, n_layers=N_LAYERS, train=True):
    """The function of ``kind`` on these inputs; returns its final states and ys."""
    args = (n_layers, dropout) + tuple(states) + (ws, bs, xs)
    if kind.startswith('rnn_'):
        return F.n_step_rnn(*args, train=train, activation=kind[4:])
    if kind.startswith('birnn_'):
        return F.n_step_birnn(*args, train=train, activation=kind[6:])
    if kind == 'gru':
        return F.n_step_gru(*args, train=train)
    if kind == 'bigru':
        return F.n_step_bigru(*args, train=train)
    if kind == 'lstm':
        return F.n_step_lstm(*args, train=train)
    return F.n_step_bilstm(*args, train=train)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _step(cell, W, b, x, h, c):
    """One step of one unit, straight from v1's formulas (LSTM: v1's computed order)."""
    if cell in ('tanh', 'relu'):
        a = W[0] @ x + W[1] @ h + b[0] + b[1]
        return (numpy.tanh(a) if cell == 'tanh' else numpy.maximum(a, 0)), c
    if cell == 'gru':
        r = _sigmoid(W[0] @ x + W[3] @ h + b[0] + b[3])
        z = _sigmoid(W[1] @ x + W[4] @ h + b[1] + b[4])
        h_bar = numpy.tanh(W[2] @ x + b[2] + r * (W[5] @ h + b[5]))
        return (1 - z) * h_bar + z * h, c
    i = _sigmoid(W[0] @ x + W[4] @ h + b[0] + b[4])
    f = _sigmoid(W[1] @ x + W[5] @ h + b[1] + b[5])
    a = numpy.tanh(W[2] @ x + W[6] @ h + b[2] + b[6])
    o = _sigmoid(W[3] @ x + W[7] @ h + b[3] + b[7])
    c = f * c + i * a
    return o * numpy.tanh(c), c


def _reference(kind, states, ws, bs, xs):
    """One sequence at a time, layer by layer, each direction step by step."""
    _, bi, cell = KINDS[kind]
    D = 2 if bi else 1
    f64 = [s.astype(numpy.float64) for s in states]
    hy = f64[0].copy()
    cy = f64[-1].copy()
    ys = [numpy.zeros((len(x), N_UNITS * D)) for x in xs]
    for j in range(hy.shape[1]):
        seq = [x[j].astype(numpy.float64) for x in xs if len(x) > j]
        for layer in range(len(ws) // D):
            outs = []
            for d in range(D):
                unit = layer * D + d
                W = [w.astype(numpy.float64) for w in ws[unit]]
                b = [v.astype(numpy.float64) for v in bs[unit]]
                h, c = f64[0][unit, j], f64[-1][unit, j]
                out = [None] * len(seq)
                for t in (reversed(range(len(seq))) if d else range(len(seq))):
                    h, c = _step(cell, W, b, seq[t], h, c)
                    out[t] = h
                hy[unit, j], cy[unit, j] = h, c
                outs.append(out)
            seq = [numpy.concatenate(parts) for parts in zip(*outs)]
        for t, y in enumerate(seq):
            ys[t][j] = y
    return ([hy, cy] if cell == 'lstm' else [hy]), ys


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_forward(kind, dtype, fwd_tol):
    states, ws, bs, xs = _params(kind, dtype)
    outputs = _call(kind, 0.0, states, ws, bs, xs, train=False)
    ref_states, ref_ys = _reference(kind, states, ws, bs, xs)
    assert len(outputs) == len(states) + 1
    for out, ref, state in zip(outputs[:-1], ref_states, states):
        assert out.shape == state.shape and out.dtype == dtype
        testing.assert_allclose(out.data, ref, **fwd_tol)
    assert isinstance(outputs[-1], tuple) and len(outputs[-1]) == len(xs)
    for y, ref in zip(outputs[-1], ref_ys):
        testing.assert_allclose(y.data, ref, **fwd_tol)


def _unflat(kind, args, n_states):
    k, bi, _ = KINDS[kind]
    n_w = k * N_LAYERS * (2 if bi else 1)
    states = args[:n_states]
    ws, bs = args[n_states:n_states + n_w], args[n_states + n_w:n_states + 2 * n_w]
    return (states, [list(ws[i:i + k]) for i in range(0, n_w, k)],
            [list(bs[i:i + k]) for i in range(0, n_w, k)], list(args[n_states + 2 * n_w:]))


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_backward(kind, dtype, check_backward):
    states, ws, bs, xs = _params(kind, dtype, batches=[2, 1, 1])
    args = tuple(states) + tuple(w for u in ws for w in u) + \
        tuple(b for u in bs for b in u) + tuple(xs)

    def f(*args):
        # Reseeding makes the dropout mask the same in every evaluation.
        numpy.random.seed(3)
        outputs = _call(kind, 0.3, *_unflat(kind, args, len(states)))
        return tuple(outputs[:-1]) + outputs[-1]

    gys = tuple(numpy.random.uniform(-1, 1, y.shape).astype(dtype) for y in f(*args))
    check_backward(f, args, gys)


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_dropout_applies_only_above_the_first_layer_as_in_v1(kind):
    one_layer = _params(kind, numpy.float64, n_layers=1)
    kept = _call(kind, 0.5, *one_layer, n_layers=1, train=True)
    testing.assert_allclose(kept[0].data, _reference(kind, *one_layer)[0][0])
    two_layers = _params(kind, numpy.float64)
    dropped = _call(kind, 0.5, *two_layers, train=True)
    assert not numpy.allclose(dropped[0].data, _reference(kind, *two_layers)[0][0])
    plain = _call(kind, 0.5, *two_layers, train=False)
    testing.assert_allclose(plain[0].data, _reference(kind, *two_layers)[0][0])


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_invalid_type(kind):
    states, ws, bs, xs = _params(kind, numpy.float32)
    with pytest.raises(type_check.InvalidType):  # batch sizes grow
        _call(kind, 0.0, states, ws, bs, xs[::-1][:1] + xs[1:])
    with pytest.raises(type_check.InvalidType):  # dtype mismatch
        _call(kind, 0.0, states, ws, bs, [x.astype(numpy.float64) for x in xs])
    with pytest.raises(type_check.InvalidType):  # a state for another number of units
        _call(kind, 0.0, [s[1:] for s in states], ws, bs, xs)
    bad = [list(unit) for unit in ws]
    D = 2 if KINDS[kind][1] else 1
    # the second layer reads D * N_UNITS features; give it N_UNITS + 1
    bad[D][0] = numpy.zeros((N_UNITS, N_UNITS * D + 1), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        _call(kind, 0.0, states, bad, bs, xs)


@pytest.mark.parametrize('kind', sorted(KINDS))
def test_bad_arguments(kind):
    states, ws, bs, xs = _params(kind, numpy.float32)
    with pytest.raises(ValueError):
        _call(kind, 0.0, states, ws[:-1], bs[:-1], xs)
    with pytest.raises(ValueError, match='dropout_ratio'):
        _call(kind, 1.0, states, ws, bs, xs)
    with pytest.raises(ValueError):
        _call(kind, 0.0, states, ws, bs, [])


def test_unknown_activation_is_rejected_as_in_v1():
    states, ws, bs, xs = _params('rnn_tanh', numpy.float32)
    with pytest.raises(ValueError, match='activation'):
        F.n_step_rnn(N_LAYERS, 0.0, states[0], ws, bs, xs, activation='sigmoid')
    with pytest.raises(ValueError, match='rnn_mode'):
        n_step_rnn_module.BaseNStepRNN(1, 0.0, 'uni', 'lstm2')


def test_the_gru_hidden_bias_is_gated_by_the_reset_gate_as_in_v1():
    # Zero weights and state, only b_5 = 2: r = z = 1/2, so h' = tanh(r * b_5) =
    # tanh(1) and h = (1 - z) h' = tanh(1) / 2 (tanh(2) / 2 if b_5 were outside r).
    ws = [[numpy.zeros((1, 1), numpy.float32) for _ in range(6)]]
    bs = [[numpy.full(1, v, numpy.float32) for v in (0, 0, 0, 0, 0, 2)]]
    hy, _ = F.n_step_gru(1, 0.0, numpy.zeros((1, 1, 1), numpy.float32), ws, bs,
                         [numpy.ones((1, 1), numpy.float32)])
    testing.assert_allclose(hy.data.ravel(), [numpy.tanh(1.0) / 2], atol=1e-6)


@pytest.mark.parametrize('name, kind', [
    ('NStepRNNTanh', 'rnn_tanh'), ('NStepRNNReLU', 'rnn_relu'),
    ('NStepBiRNNTanh', 'birnn_tanh'), ('NStepBiRNNReLU', 'birnn_relu'),
    ('NStepGRU', 'gru'), ('NStepBiGRU', 'bigru'), ('NStepLSTM', 'lstm'),
    ('NStepBiLSTM', 'bilstm')])
def test_v1_function_classes_take_the_flat_inputs(name, kind):
    states, ws, bs, xs = _params(kind, numpy.float64)
    func = getattr(F, name)(N_LAYERS, 0.0, train=False)
    assert issubclass(type(func), function.Function)  # a v1 Function class
    flat = states + [w for u in ws for w in u] + [b for u in bs for b in u] + xs
    outputs = func(*flat)
    ref_states, ref_ys = _reference(kind, states, ws, bs, xs)
    for out, ref in zip(outputs, ref_states + ref_ys):
        testing.assert_allclose(out.data, ref)
