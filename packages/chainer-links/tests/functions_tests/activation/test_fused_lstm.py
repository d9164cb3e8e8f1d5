"""The fused host LSTM step behind L.LSTM: equal to lstm(c, linear(x) + linear(h))."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.functions.activation._fused_lstm import fused_lstm
from chainer.utils import type_check

B, N_IN, C = 3, 5, 2


def _inputs(dtype, lateral, x_shape=(B, N_IN)):
    n_in = int(numpy.prod(x_shape[1:]))
    arrays = [numpy.random.uniform(-1, 1, s) for s in
              [(B, C), x_shape, (4 * C, n_in), (4 * C,)]]
    if lateral:
        arrays += [numpy.random.uniform(-1, 1, s) for s in [(B, C), (4 * C, C)]]
    return tuple(a.astype(dtype) for a in arrays)


def _composition(c, x, W, b, h=None, W_lat=None):
    z = F.linear(x, W, b)
    if h is not None:
        z = z + F.linear(h, W_lat)
    return F.lstm(c, z)


@pytest.mark.parametrize('lateral', [False, True])
@pytest.mark.parametrize('x_shape', [(B, N_IN), (B, 1, N_IN)])
def test_forward_equals_composition(dtype, lateral, x_shape):
    inputs = _inputs(dtype, lateral, x_shape)
    c, h = fused_lstm(*inputs)
    c_ref, h_ref = _composition(*inputs)
    tol = dict(atol=5e-3, rtol=5e-3) if dtype == numpy.float16 else dict(atol=1e-6)
    assert c.dtype == dtype and h.dtype == dtype and c.shape == h.shape == (B, C)
    testing.assert_allclose(c.data, c_ref.data, **tol)
    testing.assert_allclose(h.data, h_ref.data, **tol)


@pytest.mark.parametrize('lateral', [False, True])
@pytest.mark.parametrize('x_shape', [(B, N_IN), (B, 1, N_IN)])
def test_backward(dtype, check_backward, lateral, x_shape):
    inputs = _inputs(dtype, lateral, x_shape)
    grads = tuple(numpy.random.randn(B, C).astype(dtype) for _ in range(2))
    check_backward(fused_lstm, inputs, grads)


@pytest.mark.parametrize('unused', ['c', 'h'])
def test_backward_with_one_output_unused(check_backward, unused):
    inputs = _inputs(numpy.float64, True)

    def one_output(*args):
        c, h = fused_lstm(*args)
        return h if unused == 'c' else c
    check_backward(one_output, inputs, numpy.random.randn(B, C))


def test_h_prev_and_lateral_weight_come_together():
    c, x, W, b, h, W_lat = _inputs(numpy.float32, True)
    with pytest.raises(ValueError, match='h_prev and W_lat'):
        fused_lstm(c, x, W, b, h_prev=h)


@pytest.mark.parametrize('change', [
    lambda a: (a[0][:2],) + a[1:],                          # batch of c differs
    lambda a: a[:2] + (a[2][:, :4],) + a[3:],               # W_up does not take x
    lambda a: a[:3] + (a[3][:4],) + a[4:],                  # bias length
    lambda a: a[:4] + (a[4][:, :1], a[5]),                  # h_prev shape
    lambda a: a[:5] + (a[5][:, :1],),                       # lateral weight shape
    lambda a: (a[0].astype(numpy.float64),) + a[1:],        # dtypes differ
])
def test_bad_inputs_are_rejected(change):
    with pytest.raises(type_check.InvalidType):
        fused_lstm(*change(_inputs(numpy.float32, True)))
