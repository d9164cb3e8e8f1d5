"""LSTM, StatelessLSTM, StatefulPeepholeLSTM, GRU, StatefulGRU and Highway."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _lstm_reference(c, z):
    # z is read per unit as (a, i, f, o) (Chainer's interleaved gate layout).
    z = z.reshape(z.shape[0], -1, 4)
    a, i, f, o = (z[:, :, k] for k in range(4))
    c_new = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c
    return c_new, _sigmoid(o) * numpy.tanh(c_new)


def _affine(link, x):
    y = x.dot(link.W.data.T)
    return y if link.b is None else y + link.b.data


def test_lstm_steps_equal_reference_and_keep_state():
    link = L.LSTM(3, 2)
    assert link.upward.W.shape == (8, 3) and link.lateral.b is None
    x1, x2 = _x(4, 3), _x(4, 3)
    y1 = link(chainer.Variable(x1))
    c, h = _lstm_reference(numpy.zeros((4, 2), 'f'), _affine(link.upward, x1))
    numpy.testing.assert_allclose(y1.data, h, rtol=1e-5, atol=1e-6)
    y2 = link(chainer.Variable(x2))
    c, h = _lstm_reference(c, _affine(link.upward, x2) + _affine(link.lateral, h))
    numpy.testing.assert_allclose(y2.data, h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(link.c.data, c, rtol=1e-5, atol=1e-6)
    link.reset_state()
    assert link.c is None and link.h is None


def test_lstm_variable_batch_updates_only_the_head():
    link = L.LSTM(3, 2)
    link(chainer.Variable(_x(3, 3)))
    c0, h0 = link.c.data.copy(), link.h.data.copy()
    x = _x(2, 3)
    y = link(chainer.Variable(x))
    c, h = _lstm_reference(c0[:2], _affine(link.upward, x) +
                           _affine(link.lateral, h0[:2]))
    numpy.testing.assert_allclose(y.data, h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(link.h.data[:2], h, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_array_equal(link.h.data[2:], h0[2:])
    numpy.testing.assert_array_equal(link.c.data[2:], c0[2:])
    with pytest.raises(ValueError, match='batch size'):
        link(chainer.Variable(_x(4, 3)))


def test_lstm_batch_larger_than_the_state_raises_type_error_as_in_v1():
    link = L.LSTM(3, 2)
    link(chainer.Variable(_x(2, 3)))
    with pytest.raises(TypeError, match='batch size'):
        link(chainer.Variable(_x(3, 3)))


@pytest.mark.parametrize('make', [lambda: L.LSTM(3, 2), lambda: L.StatefulGRU(3, 2)])
def test_set_state_with_an_array_raises_assertion_error_as_in_v1(make):
    link = make()
    h = numpy.zeros((1, 2), dtype=numpy.float32)
    args = (chainer.Variable(h), h) if isinstance(link, L.LSTM) else (h,)
    with pytest.raises(AssertionError, match='Variable'):
        link.set_state(*args)


def test_lstm_set_state_and_initializers():
    link = L.LSTM(3, 2, bias_init=0.5, forget_bias_init=1.0, lateral_init=0.25)
    gates = link.upward.b.data.reshape(2, 4)
    numpy.testing.assert_array_equal(gates[:, [0, 1, 3]], 0.5)
    numpy.testing.assert_array_equal(gates[:, 2], 1.0)
    numpy.testing.assert_array_equal(link.lateral.W.data, 0.25)
    c, h = chainer.Variable(_x(4, 2)), chainer.Variable(_x(4, 2))
    link.set_state(c, h)
    x = _x(4, 3)
    y = link(chainer.Variable(x))
    _, h_ref = _lstm_reference(c.data, _affine(link.upward, x) +
                               _affine(link.lateral, h.data))
    numpy.testing.assert_allclose(y.data, h_ref, rtol=1e-5, atol=1e-6)
    with pytest.raises(TypeError, match='c must be a chainer.Variable'):
        link.set_state(c.data, h)
    link = L.LSTM(None, 2)
    assert link(chainer.Variable(_x(1, 5))).shape == (1, 2)
    assert link.upward.W.shape == (8, 5)


def test_stateless_lstm_equals_lstm_function():
    link = L.StatelessLSTM(3, 2)
    c, h, x = _x(4, 2), _x(4, 2), _x(4, 3)
    c_new, h_new = link(chainer.Variable(c), chainer.Variable(h), chainer.Variable(x))
    expected = F.lstm(c, _affine(link.upward, x) + _affine(link.lateral, h))
    numpy.testing.assert_allclose(c_new.data, expected[0].data, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(h_new.data, expected[1].data, rtol=1e-5, atol=1e-6)
    c0, h0 = link(None, None, chainer.Variable(x))
    c_ref, h_ref = _lstm_reference(numpy.zeros((4, 2), 'f'), _affine(link.upward, x))
    numpy.testing.assert_allclose(h0.data, h_ref, rtol=1e-5, atol=1e-6)


def test_peephole_lstm_equals_formula():
    link = L.StatefulPeepholeLSTM(3, 2)
    link(chainer.Variable(_x(4, 3)))
    c, h = link.c.data.copy(), link.h.data.copy()
    x = _x(4, 3)
    y = link(chainer.Variable(x))
    z = (_affine(link.upward, x) + _affine(link.lateral, h)).reshape(4, 2, 4)
    a = numpy.tanh(z[:, :, 0])
    i = _sigmoid(z[:, :, 1] + _affine(link.peep_i, c))
    f = _sigmoid(z[:, :, 2] + _affine(link.peep_f, c))
    c_new = a * i + f * c
    o = _sigmoid(z[:, :, 3] + _affine(link.peep_o, c_new))
    numpy.testing.assert_allclose(link.c.data, c_new, rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(y.data, o * numpy.tanh(c_new), rtol=1e-5, atol=1e-6)
    link.reset_state()
    assert link.c is None and link.h is None


def _gru_reference(link, h, x):
    r = _sigmoid(_affine(link.W_r, x) + _affine(link.U_r, h))
    z = _sigmoid(_affine(link.W_z, x) + _affine(link.U_z, h))
    h_bar = numpy.tanh(_affine(link.W, x) + _affine(link.U, r * h))
    return (1 - z) * h + z * h_bar


def test_gru_equals_formula():
    link = L.GRU(2, 3, bias_init=0.1)
    assert link.W.W.shape == (2, 3) and link.U.W.shape == (2, 2)
    numpy.testing.assert_array_equal(link.U_z.b.data, numpy.float32(0.1))
    h, x = _x(4, 2), _x(4, 3)
    y = link(chainer.Variable(h), chainer.Variable(x))
    numpy.testing.assert_allclose(y.data, _gru_reference(link, h, x), rtol=1e-5,
                                  atol=1e-6)
    assert L.GRU(2).W.W.shape == (2, 2)


def test_stateful_gru_first_and_next_steps():
    link = L.StatefulGRU(3, 2)
    x1, x2 = _x(4, 3), _x(4, 3)
    y1 = link(chainer.Variable(x1))
    expected = _sigmoid(_affine(link.W_z, x1)) * numpy.tanh(_affine(link.W, x1))
    numpy.testing.assert_allclose(y1.data, expected, rtol=1e-5, atol=1e-6)
    y2 = link(chainer.Variable(x2))
    numpy.testing.assert_allclose(y2.data, _gru_reference(link, y1.data, x2),
                                  rtol=1e-5, atol=1e-6)
    h = chainer.Variable(_x(4, 2))
    link.set_state(h)
    numpy.testing.assert_allclose(link(chainer.Variable(x1)).data,
                                  _gru_reference(link, h.data, x1), rtol=1e-5,
                                  atol=1e-6)
    link.reset_state()
    assert link.h is None


def test_highway_equals_formula():
    link = L.Highway(3)
    numpy.testing.assert_array_equal(link.transform.b.data, -1)
    x = _x(4, 3)
    gate = _sigmoid(_affine(link.transform, x))
    expected = numpy.maximum(_affine(link.plain, x), 0) * gate + x * (1 - gate)
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data, expected,
                                  rtol=1e-5, atol=1e-6)
    link = L.Highway(3, nobias=True, activate=F.tanh)
    assert link.plain.b is None and link.transform.b is None
    with pytest.raises(TypeError, match='activate'):
        L.Highway(3, activate=1)


def _two_steps(link, xs):
    """Runs a stateful link over two steps and returns the second output."""
    link.reset_state()
    link(xs[0])
    return link(xs[1])


CASES = {
    'LSTM': (lambda: L.LSTM(3, 2), 2),
    'StatefulPeepholeLSTM': (lambda: L.StatefulPeepholeLSTM(3, 2), 2),
    'StatefulGRU': (lambda: L.StatefulGRU(3, 2), 2),
    'StatelessLSTM': (lambda: L.StatelessLSTM(3, 2), None),
    'GRU': (lambda: L.GRU(2, 3), None),
    'Highway': (lambda: L.Highway(3), None),
}


def _inputs_and_call(name):
    if name in ('LSTM', 'StatefulPeepholeLSTM', 'StatefulGRU'):
        data = (numpy.random.randn(3, 3), numpy.random.randn(3, 3))
        return data, lambda link: lambda *xs: _two_steps(link, xs), (3, 2)
    if name == 'StatelessLSTM':
        data = (numpy.random.randn(3, 2), numpy.random.randn(3, 2),
                numpy.random.randn(3, 3))
        return data, lambda link: lambda *xs: link(*xs), ((3, 2), (3, 2))
    if name == 'GRU':
        data = (numpy.random.randn(3, 2), numpy.random.randn(3, 3))
        return data, lambda link: lambda *xs: link(*xs), (3, 2)
    return (numpy.random.randn(3, 3),), lambda link: lambda *xs: link(*xs), (3, 3)


@pytest.mark.parametrize('name', sorted(CASES))
def test_backward_reaches_every_param(name):
    make, _ = CASES[name]
    link = make()
    link_checks.perturb(link)
    data, caller, y_shape = _inputs_and_call(name)
    if isinstance(y_shape[0], tuple):
        gy = tuple(numpy.random.randn(*s) for s in y_shape)
    else:
        gy = numpy.random.randn(*y_shape)
    link_checks.check_backward(link, data, gy, call=caller(link))


@pytest.mark.parametrize('name', sorted(CASES))
def test_serialization_and_copies(name, tmp_path):
    make, _ = CASES[name]
    data, caller, _ = _inputs_and_call(name)
    data = [chainer.Variable(d.astype(numpy.float32)) for d in data]

    def call(link):
        return caller(link)(*data)
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)


@pytest.mark.parametrize('name', ['LSTM', 'StatefulPeepholeLSTM', 'StatefulGRU'])
def test_copy_shares_the_state_and_reset_is_independent(name):
    link = CASES[name][0]()
    link(chainer.Variable(_x(2, 3)))
    dup = link.copy()
    assert dup.h is link.h
    dup.reset_state()
    assert dup.h is None and link.h is not None


@pytest.mark.parametrize('make,match', [
    (lambda: L.LSTM(3, 0), 'out_size'),
    (lambda: L.StatelessLSTM(0, 2), 'in_size'),
    (lambda: L.StatefulPeepholeLSTM(3, 'a'), 'out_size'),
    (lambda: L.GRU(0), 'n_units'),
    (lambda: L.StatefulGRU(3, -1), 'out_size'),
    (lambda: L.Highway(0), 'in_out_size'),
])
def test_bad_constructor_arguments(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_mis_shaped_input():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.LSTM(3, 2)(chainer.Variable(_x(2, 4)))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.GRU(2, 3)(chainer.Variable(_x(2, 2)), chainer.Variable(_x(2, 4)))


@pytest.mark.parametrize('cls', [L.LSTM, L.StatelessLSTM])
def test_lstm_initializer_arguments_are_attributes_as_in_v1(cls):
    link = cls(3, 2, lateral_init=0.25, upward_init=0.5, bias_init=0.1,
               forget_bias_init=1.0)
    assert (link.lateral_init, link.upward_init) == (0.25, 0.5)
    assert (link.bias_init, link.forget_bias_init) == (0.1, 1.0)
    assert link.state_size == 2
