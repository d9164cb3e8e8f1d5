import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _sigmoid(x):
    return 1 / (1 + numpy.exp(-x))


def _reference(c_prev, x):
    """Gate sources interleaved per unit: x[:, 4k + j] is gate j of unit k."""
    c_prev = c_prev.astype(numpy.float64)
    x = x.astype(numpy.float64)
    a, i, f, o = (x[:, j::4] for j in range(4))
    batch = len(x)
    c = c_prev.copy()
    c[:batch] = numpy.tanh(a) * _sigmoid(i) + _sigmoid(f) * c_prev[:batch]
    h = _sigmoid(o) * numpy.tanh(c[:batch])
    return c, h


def _inputs(dtype, c_shape, x_batch):
    c = numpy.random.uniform(-1, 1, c_shape).astype(dtype)
    x_shape = (x_batch, 4 * c_shape[1]) + c_shape[2:]
    x = numpy.random.uniform(-1, 1, x_shape).astype(dtype)
    return c, x


SHAPES = [((3, 2), 3), ((3, 2, 2), 3), ((4, 2), 2)]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('c_shape,x_batch', SHAPES)
def test_forward(dtype, c_shape, x_batch):
    c_prev, x = _inputs(dtype, c_shape, x_batch)
    c, h = F.lstm(c_prev, x)
    assert c.data.dtype == dtype and h.data.dtype == dtype
    c_ref, h_ref = _reference(c_prev, x)
    tol = dict(atol=5e-3, rtol=5e-3) if dtype == numpy.float16 else {}
    testing.assert_allclose(c.data, c_ref, **tol)
    testing.assert_allclose(h.data, h_ref, **tol)


def test_gate_order_is_a_i_f_o_per_unit():
    # One unit: x = (a, i, f, o). With i and o saturated open and f closed,
    # c = tanh(a) and h = tanh(tanh(a)).
    x = numpy.array([[0.5, 50, -50, 50]], numpy.float64)
    c, h = F.lstm(numpy.array([[3.0]]), x)
    testing.assert_allclose(c.data, numpy.tanh(numpy.array([[0.5]])))
    testing.assert_allclose(h.data, numpy.tanh(numpy.tanh(numpy.array([[0.5]]))))


def test_rest_of_the_batch_passes_through():
    c_prev, x = _inputs(numpy.float32, (4, 2), 2)
    c, _ = F.lstm(c_prev, x)
    testing.assert_allclose(c.data[2:], c_prev[2:], atol=0, rtol=0)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('c_shape,x_batch', SHAPES)
def test_backward(dtype, c_shape, x_batch, check_backward):
    c_prev, x = _inputs(dtype, c_shape, x_batch)
    gc = numpy.random.randn(*c_shape).astype(dtype)
    gh = numpy.random.randn(x_batch, *c_shape[1:]).astype(dtype)
    check_backward(F.lstm, (c_prev, x), (gc, gh))


@pytest.mark.parametrize('which', ['c', 'h'])
def test_backward_with_one_output_unused(which, check_backward):
    c_prev, x = _inputs(numpy.float64, (3, 2), 2)

    def only(c_var, x_var):
        c, h = F.lstm(c_var, x_var)
        return c if which == 'c' else h

    gy = numpy.random.randn(*((3, 2) if which == 'c' else (2, 2)))
    check_backward(only, (c_prev, x), gy)


def test_backward_runs_from_h_only():
    c_prev = chainer.Variable(numpy.random.randn(2, 3))
    x = chainer.Variable(numpy.random.randn(2, 12))
    _, h = F.lstm(c_prev, x)
    h.grad = numpy.ones_like(h.data)
    h.backward()
    assert c_prev.grad.shape == (2, 3) and x.grad.shape == (2, 12)


@pytest.mark.parametrize('c_shape,x_shape', [
    ((2, 3), (2, 11)),      # not 4 times the units
    ((2, 3), (3, 12)),      # larger batch than the cell state
    ((2, 3, 2), (2, 12, 3)),  # trailing shapes differ
    ((2, 3), (2, 12, 1)),   # ndim differs
])
def test_bad_shapes_are_rejected(c_shape, x_shape):
    with pytest.raises(type_check.InvalidType):
        F.lstm(numpy.zeros(c_shape, numpy.float32), numpy.zeros(x_shape, numpy.float32))


def test_dtype_mismatch_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.lstm(numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 12), numpy.float64))
