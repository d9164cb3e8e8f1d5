"""F.n_step_lstm against a per-sequence, per-step reference."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

N_LAYERS, N_IN, N_UNITS = 2, 3, 2
BATCHES = [3, 2, 2, 1]   # B_t: sequences of lengths 4, 3 and 1, sorted and transposed


def _params(dtype, batches=BATCHES, n_layers=N_LAYERS):
    u = numpy.random.uniform
    B = batches[0]
    hx = u(-1, 1, (n_layers, B, N_UNITS)).astype(dtype)
    cx = u(-1, 1, (n_layers, B, N_UNITS)).astype(dtype)
    ws = [[u(-1, 1, (N_UNITS, N_IN if (k == 0 and j < 4) else N_UNITS)).astype(dtype)
           for j in range(8)] for k in range(n_layers)]
    bs = [[u(-1, 1, N_UNITS).astype(dtype) for j in range(8)] for k in range(n_layers)]
    xs = [u(-1, 1, (b, N_IN)).astype(dtype) for b in batches]
    return hx, cx, ws, bs, xs


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _reference(hx, cx, ws, bs, xs):
    # One sequence at a time, one step at a time, straight from the documented formula.
    f64 = numpy.float64
    n_layers = len(ws)
    hy, cy = hx.astype(f64), cx.astype(f64)
    ys = [numpy.zeros((len(x), N_UNITS)) for x in xs]
    for seq in range(hx.shape[1]):
        for t, x in enumerate(xs):
            if seq >= len(x):
                break
            inp = x[seq].astype(f64)
            for k in range(n_layers):
                W = [w.astype(f64) for w in ws[k]]
                b = [v.astype(f64) for v in bs[k]]
                h, c = hy[k, seq], cy[k, seq]
                i = _sigmoid(W[0] @ inp + W[4] @ h + b[0] + b[4])
                f = _sigmoid(W[1] @ inp + W[5] @ h + b[1] + b[5])
                # v1's gate order (W_2 feeds a, W_3 feeds o), unlike its documentation
                a = numpy.tanh(W[2] @ inp + W[6] @ h + b[2] + b[6])
                o = _sigmoid(W[3] @ inp + W[7] @ h + b[3] + b[7])
                c = f * c + i * a
                h = o * numpy.tanh(c)
                hy[k, seq], cy[k, seq] = h, c
                inp = h
            ys[t][seq] = inp
    return hy, cy, ys


def _tol(dtype):
    return {numpy.float16: 1e-2, numpy.float32: 1e-5, numpy.float64: 1e-12}[dtype]


def test_forward(dtype):
    hx, cx, ws, bs, xs = _params(dtype)
    hy, cy, ys = F.n_step_lstm(N_LAYERS, 0.0, hx, cx, ws, bs, xs, train=False)
    ref_hy, ref_cy, ref_ys = _reference(hx, cx, ws, bs, xs)
    tol = _tol(dtype)
    assert hy.shape == hx.shape and cy.shape == cx.shape and hy.dtype == dtype
    testing.assert_allclose(hy.data, ref_hy, atol=tol, rtol=tol)
    testing.assert_allclose(cy.data, ref_cy, atol=tol, rtol=tol)
    assert len(ys) == len(xs)
    for y, ref in zip(ys, ref_ys):
        testing.assert_allclose(y.data, ref, atol=tol, rtol=tol)


def _flat(hx, cx, ws, bs, xs):
    return (hx, cx) + tuple(w for layer in ws for w in layer) + \
        tuple(b for layer in bs for b in layer) + tuple(xs)


def _unflat(args, n_layers, n_steps):
    hx, cx = args[:2]
    ws = [list(args[2 + 8 * k:10 + 8 * k]) for k in range(n_layers)]
    off = 2 + 8 * n_layers
    bs = [list(args[off + 8 * k:off + 8 * k + 8]) for k in range(n_layers)]
    return hx, cx, ws, bs, list(args[off + 8 * n_layers:])


@pytest.mark.parametrize('dropout_ratio', [0.0, 0.5])
def test_backward(dtype, check_backward, dropout_ratio):
    batches = [2, 1, 1]
    params = _params(dtype, batches)
    args = _flat(*params)

    def f(*args):
        # Reseeding makes the dropout mask the same in every evaluation.
        numpy.random.seed(7)
        hy, cy, ys = F.n_step_lstm(N_LAYERS, dropout_ratio,
                                   *_unflat(args, N_LAYERS, len(batches)))
        return (hy, cy) + ys

    outs = f(*args)
    gys = tuple(numpy.random.uniform(-1, 1, y.shape).astype(dtype) for y in outs)
    check_backward(f, args, gys)


def test_dropout_changes_training_output_only():
    hx, cx, ws, bs, xs = _params(numpy.float64)
    plain = F.n_step_lstm(N_LAYERS, 0.5, hx, cx, ws, bs, xs, train=False)[0].data
    ref_hy = _reference(hx, cx, ws, bs, xs)[0]
    testing.assert_allclose(plain, ref_hy)
    dropped = F.n_step_lstm(N_LAYERS, 0.5, hx, cx, ws, bs, xs, train=True)[0].data
    assert not numpy.allclose(dropped, ref_hy)


def test_invalid_type():
    hx, cx, ws, bs, xs = _params(numpy.float32)
    with pytest.raises(type_check.InvalidType):  # batch sizes grow
        F.n_step_lstm(N_LAYERS, 0.0, hx, cx, ws, bs, xs[::-1][:1] + xs[1:])
    with pytest.raises(type_check.InvalidType):  # wrong input width of layer 0
        bad = [list(layer) for layer in ws]
        bad[0][0] = numpy.zeros((N_UNITS, N_IN + 1), numpy.float32)
        F.n_step_lstm(N_LAYERS, 0.0, hx, cx, bad, bs, xs)
    with pytest.raises(type_check.InvalidType):  # hx holds another number of layers
        F.n_step_lstm(N_LAYERS, 0.0, hx[:1], cx[:1], ws, bs, xs)
    with pytest.raises(type_check.InvalidType):  # dtype mismatch
        F.n_step_lstm(N_LAYERS, 0.0, hx, cx, ws, bs, [x.astype(numpy.float64) for x in xs])


def test_bad_arguments():
    hx, cx, ws, bs, xs = _params(numpy.float32)
    with pytest.raises(ValueError, match='eight'):
        F.n_step_lstm(N_LAYERS, 0.0, hx, cx, ws[:1], bs, xs)
    with pytest.raises(ValueError, match='dropout_ratio'):
        F.n_step_lstm(N_LAYERS, 1.0, hx, cx, ws, bs, xs)


def test_third_weights_feed_the_cell_input_and_fourth_the_output_gate_as_in_v1():
    # One layer, one unit, one step, zero state: only W_2 (cell input a) and W_3 (output
    # gate o) are non-zero; i and f are sigmoid(0) = 1/2. Then c = tanh(2) / 2 and
    # h = sigmoid(-1) tanh(c). With W_2 feeding o and W_3 feeding a, c would be
    # tanh(-1) / 2.
    x = numpy.ones((1, 1), numpy.float32)
    ws = [[numpy.full((1, 1), v, numpy.float32) for v in (0, 0, 2, -1, 0, 0, 0, 0)]]
    bs = [[numpy.zeros(1, numpy.float32) for _ in range(8)]]
    zeros = numpy.zeros((1, 1, 1), numpy.float32)
    hy, cy, _ = F.n_step_lstm(1, 0.0, zeros, zeros, ws, bs, [x])
    c = numpy.tanh(2.0) / 2
    testing.assert_allclose(cy.data.ravel(), [c], atol=1e-6)
    testing.assert_allclose(hy.data.ravel(), [_sigmoid(-1.0) * numpy.tanh(c)], atol=1e-6)
