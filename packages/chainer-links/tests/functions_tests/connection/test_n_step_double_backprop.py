"""The N-step recurrent functions differentiated twice (every input: states, weights,
biases and the sequences), and the dropout mask of forward reused by the graph."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing

N_LAYERS, IN, UNITS = 2, 3, 2
KINDS = {  # name: (weights per unit, bidirectional, cell state)
    'rnn': (2, False, False), 'birnn': (2, True, False),
    'gru': (6, False, False), 'bigru': (6, True, False),
    'lstm': (8, False, True), 'bilstm': (8, True, True)}


def _case(name, seed=0, activation='tanh', dtype=numpy.float64):
    n_w, bi, has_c = KINDS[name]
    D = 2 if bi else 1
    rs = numpy.random.RandomState(seed)

    def u(*shape):
        return rs.uniform(-1, 1, shape).astype(dtype)

    n_units = N_LAYERS * D
    ws = [u(UNITS, (IN if k < D else UNITS * D) if j < n_w // 2 else UNITS)
          for k in range(n_units) for j in range(n_w)]
    bs = [u(UNITS) for _ in range(n_units * n_w)]
    xs = [u(length, IN) for length in (3, 2, 2)]
    states = [u(n_units, 3, UNITS) for _ in range(2 if has_c else 1)]
    fn = getattr(F, 'n_step_' + name)
    n_p = n_units * n_w

    def f(*args):
        st, rest = args[:len(states)], args[len(states):]
        W = [list(rest[k * n_w:(k + 1) * n_w]) for k in range(n_units)]
        B = [list(rest[n_p + k * n_w:n_p + (k + 1) * n_w]) for k in range(n_units)]
        X = list(rest[2 * n_p:])
        kw = {'activation': activation} if 'rnn' in name else {}
        out = fn(N_LAYERS, 0.0, *st, W, B, X, **kw)
        return tuple(out[:-1]) + tuple(out[-1])

    return f, states + ws + bs + xs, rs


@pytest.mark.parametrize('name', sorted(KINDS))
def test_double_backward(name):
    f, args, rs = _case(name)
    outs = f(*args)
    gys = [rs.uniform(-1, 1, o.shape) for o in outs]
    ggs = [rs.uniform(-1, 1, a.shape) for a in args]
    gradient_check.check_double_backward(f, args, gys, ggs, atol=1e-4, rtol=1e-4)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32])
@pytest.mark.parametrize('name', sorted(KINDS))
def test_double_backward_low_precision(check_double_backward, name, dtype):
    f, args, rs = _case(name, dtype=dtype)
    check_double_backward(f, tuple(args))


def test_double_backward_relu():
    f, args, rs = _case('rnn', seed=3, activation='relu')
    outs = f(*args)
    gys = [rs.uniform(-1, 1, o.shape) for o in outs]
    ggs = [rs.uniform(-1, 1, a.shape) for a in args]
    gradient_check.check_double_backward(f, args, gys, ggs, atol=1e-4, rtol=1e-4)


def test_graph_gradients_equal_array_gradients_with_dropout():
    # the recomputed graph reuses forward's dropout mask: its first-order gradients
    # equal those of the array backward of the same call
    rs = numpy.random.RandomState(1)
    hx = chainer.Variable(rs.uniform(-1, 1, (2, 2, 3)).astype('f'))
    cx = chainer.Variable(rs.uniform(-1, 1, (2, 2, 3)).astype('f'))
    ws = [[chainer.Variable(rs.uniform(-1, 1, (3, 4 if (k == 0 and j < 4) else 3))
                            .astype('f')) for j in range(8)] for k in range(2)]
    bs = [[chainer.Variable(rs.uniform(-1, 1, (3,)).astype('f')) for _ in range(8)]
          for _ in range(2)]
    xs = [chainer.Variable(rs.uniform(-1, 1, (n, 4)).astype('f')) for n in (2, 1)]
    hy, cy, ys = F.n_step_lstm(2, 0.5, hx, cx, ws, bs, xs, train=True)
    loss = F.sum(hy * hy) + F.sum(ys[0] * ys[0])
    targets = [hx, ws[1][0], xs[0]]
    first = chainer.grad([loss], targets)
    double = chainer.grad([loss], targets, enable_double_backprop=True)
    for a, b in zip(first, double):
        testing.assert_allclose(a.array, b.array, atol=1e-5, rtol=1e-4)
    assert double[1].creator is not None


def test_double_backward_with_one_variable_at_two_positions():
    # the same array as hx and cx: its gradient is counted once per position
    f, args, rs = _case('lstm', seed=5)
    n_rest = args[2:]

    def g(s, *rest):
        return f(s, s, *rest)

    outs = g(args[0], *n_rest)
    gys = [rs.uniform(-1, 1, o.shape) for o in outs]
    ggs = [rs.uniform(-1, 1, a.shape) for a in [args[0]] + list(n_rest)]
    gradient_check.check_double_backward(g, [args[0]] + list(n_rest), gys, ggs,
                                         atol=1e-4, rtol=1e-4)
