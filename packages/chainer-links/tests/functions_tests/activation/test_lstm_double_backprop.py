"""F.lstm / F.slstm differentiated twice (through LSTMGrad / SLSTMGrad), F.tree_lstm,
and the v3+ module paths under chainer.functions.rnn."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.functions.activation import lstm as lstm_module
from chainer.functions.activation import slstm as slstm_module
from chainer.utils import type_check

TOLS = {numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
        numpy.float32: dict(atol=1e-3, rtol=1e-3, dtype=numpy.float64),
        numpy.float64: dict(atol=1e-5, rtol=1e-5)}


def _u(shape, dtype, seed):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _sig(x):
    return 1 / (1 + numpy.exp(-x))


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('c_shape,x_shape', [
    ((3, 2), (3, 8)), ((4, 2, 2), (2, 8, 2)), ((3, 2), (0, 8)), ((2, 0), (2, 0))])
def test_lstm_double_backward(dtype, c_shape, x_shape):
    c, x = _u(c_shape, dtype, 0), _u(x_shape, dtype, 1)
    h_shape = (x_shape[0],) + c_shape[1:]
    gc, gh = _u(c_shape, dtype, 2), _u(h_shape, dtype, 3)
    ggc, ggx = _u(c_shape, dtype, 4), _u(x_shape, dtype, 5)
    gradient_check.check_double_backward(F.lstm, (c, x), (gc, gh), (ggc, ggx),
                                         **TOLS[dtype])
    # a missing output gradient counts as zeros
    gradient_check.check_double_backward(F.lstm, (c, x), (None, gh), (ggc, ggx),
                                         **TOLS[dtype])


def test_lstm_first_order_backward_stays_on_arrays():
    c = chainer.Variable(_u((2, 3), numpy.float32, 0))
    x = chainer.Variable(_u((2, 12), numpy.float32, 1))
    c1, h = F.lstm(c, x)
    F.sum(h).backward()
    assert isinstance(x.grad, numpy.ndarray) and x.grad_var.creator is None


def test_lstm_second_derivative_matches_finite_difference_of_grad():
    # d/dx of (d sum(h) / dx) . v, against a central difference of the first gradient
    x0 = _u((1, 4), numpy.float64, 7)
    c0 = _u((1, 1), numpy.float64, 8)
    v = _u((1, 4), numpy.float64, 9)

    def first(xa):
        x = chainer.Variable(xa)
        _, h = F.lstm(c0, x)
        gx, = chainer.grad([h], [x], grad_outputs=[numpy.ones((1, 1))])
        return gx.array

    x = chainer.Variable(x0)
    _, h = F.lstm(c0, x)
    gx, = chainer.grad([h], [x], grad_outputs=[numpy.ones((1, 1))],
                       enable_double_backprop=True)
    ggx, = chainer.grad([F.sum(gx * v)], [x])
    eps = 1e-6
    numeric = numpy.array([[(first(x0 + eps * e) - first(x0 - eps * e)).ravel().dot(
        v.ravel()) / (2 * eps) for e in numpy.eye(4).reshape(4, 1, 4)]])
    testing.assert_allclose(ggx.array, numeric, atol=1e-6, rtol=1e-5)


def test_lstm_grad_node_third_order():
    # LSTMGrad's own backward is differentiable: check the gradient of its gradient
    dtype = numpy.float64
    inputs = [_u((3, 2), dtype, 0), _u((2, 8), dtype, 1), _u((3, 2), dtype, 2),
              _u((3, 2), dtype, 3), _u((2, 2), dtype, 4)]
    gys = [_u((3, 2), dtype, 5), _u((2, 8), dtype, 6)]
    ggs = [_u(a.shape, dtype, 10 + k) for k, a in enumerate(inputs)]
    gradient_check.check_backward(lstm_module.LSTMGrad(), inputs, gys)
    gradient_check.check_double_backward(lstm_module.LSTMGrad(), inputs, gys, ggs)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_slstm_double_backward_and_grad_node(dtype):
    cs, xs = (2, 3), (2, 12)
    inputs = [_u(cs, dtype, 0), _u(cs, dtype, 1), _u(xs, dtype, 2), _u(xs, dtype, 3)]
    gys = [_u(cs, dtype, 4), _u(cs, dtype, 5)]
    ggs = [_u(a.shape, dtype, 6 + k) for k, a in enumerate(inputs)]
    gradient_check.check_double_backward(F.slstm, inputs, gys, ggs, **TOLS[dtype])
    gradient_check.check_double_backward(F.slstm, inputs, (gys[0], None), ggs,
                                         **TOLS[dtype])
    gradient_check.check_backward(slstm_module.SLSTMGrad(),
                                  inputs + [_u(cs, dtype, 20)] + gys, ggs, **TOLS[dtype])


def _tree_lstm_reference(cs, x):
    n = len(cs)
    blocks = numpy.split(x, n + 3, axis=1)
    a, i, o = numpy.tanh(blocks[0]), _sig(blocks[1]), _sig(blocks[2])
    c = a * i + sum(_sig(f) * ck for f, ck in zip(blocks[3:], cs))
    return c, o * numpy.tanh(c)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('n_children,batch,units', [(0, 2, 3), (1, 3, 2), (3, 2, 2),
                                                     (2, 0, 2), (2, 2, 0)])
def test_tree_lstm(dtype, n_children, batch, units):
    cs = [_u((batch, units), dtype, k) for k in range(n_children)]
    x = _u((batch, units * (n_children + 3)), dtype, 99)
    c, h = F.tree_lstm(*(cs + [x]))
    c_ref, h_ref = _tree_lstm_reference([a.astype(numpy.float64) for a in cs],
                                        x.astype(numpy.float64))
    tol = 1e-2 if dtype == numpy.float16 else 1e-6
    assert c.dtype == dtype and h.dtype == dtype
    testing.assert_allclose(c.array, c_ref, atol=tol, rtol=tol)
    testing.assert_allclose(h.array, h_ref, atol=tol, rtol=tol)
    if batch and units:
        gys = (_u(c.shape, dtype, 50), _u(h.shape, dtype, 51))
        ggs = [_u(a.shape, dtype, 60 + k) for k, a in enumerate(cs + [x])]
        gradient_check.check_backward(F.tree_lstm, cs + [x], gys, **TOLS[dtype])
        gradient_check.check_double_backward(F.tree_lstm, cs + [x], gys, ggs,
                                             **TOLS[dtype])


def test_tree_lstm_rejects_bad_inputs():
    x = numpy.zeros((2, 10), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.tree_lstm(numpy.zeros((2, 2), numpy.float32), x)  # 10 is not 4 * k
    with pytest.raises(type_check.InvalidType):
        F.tree_lstm(numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 12), numpy.float32),
                    numpy.zeros((2, 15), numpy.float32))  # children differ in shape
    with pytest.raises(type_check.InvalidType):
        F.tree_lstm(numpy.zeros((2, 2), numpy.float64), numpy.zeros((2, 8), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.tree_lstm(numpy.zeros((2, 6), numpy.int32))
    with pytest.raises(TypeError):
        F.tree_lstm()


def test_rnn_module_paths_are_the_v1_objects():
    from chainer.functions.rnn import lstm, n_step_gru, n_step_lstm, n_step_rnn
    from chainer.functions.rnn import slstm, tree_lstm
    assert lstm.lstm is F.lstm and lstm.LSTM is F.LSTM
    assert lstm.LSTMGrad is lstm_module.LSTMGrad
    assert slstm.slstm is F.slstm and slstm.SLSTMGrad is slstm_module.SLSTMGrad
    assert tree_lstm.tree_lstm is F.tree_lstm
    assert n_step_lstm.n_step_lstm is F.n_step_lstm
    assert n_step_gru.n_step_bigru is F.n_step_bigru
    assert n_step_rnn.n_step_birnn is F.n_step_birnn


@pytest.mark.parametrize('c_shape,x_shape', [((1, 1), (1, 4)), ((1, 3), (1, 12)),
                                             ((4, 1), (4, 4))])
def test_lstm_leaves_its_input_unchanged(c_shape, x_shape):
    # one row or one unit: the gate-major view of x is contiguous; the cell must
    # still work on a copy
    c, x = _u(c_shape, numpy.float32, 0), _u(x_shape, numpy.float32, 1)
    x_before = x.copy()
    F.lstm(c, x)
    numpy.testing.assert_array_equal(x, x_before)
