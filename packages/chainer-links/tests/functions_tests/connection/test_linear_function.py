"""F.linear against numpy."""
import importlib

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@pytest.mark.parametrize('x_shape', [(3, 4), (3, 2, 2)])
@pytest.mark.parametrize('use_b', [True, False])
def test_forward(dtype, fwd_tol, x_shape, use_b):
    x = numpy.random.uniform(-1, 1, x_shape).astype(dtype)
    W = numpy.random.uniform(-1, 1, (5, 4)).astype(dtype)
    b = numpy.random.uniform(-1, 1, 5).astype(dtype)
    y = F.linear(x, W, b) if use_b else F.linear(x, W)
    assert y.shape == (3, 5) and y.dtype == dtype
    expected = x.reshape(3, 4).astype(numpy.float64) @ W.astype(numpy.float64).T
    if use_b:
        expected += b
    testing.assert_allclose(y.data, expected, **fwd_tol)


@pytest.mark.parametrize('x_shape', [(3, 4), (3, 2, 2)])
@pytest.mark.parametrize('use_b', [True, False])
def test_backward(dtype, check_backward, x_shape, use_b):
    x = numpy.random.uniform(-1, 1, x_shape).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 4)).astype(dtype)
    inputs = (x, W) + ((numpy.random.uniform(-1, 1, 2).astype(dtype),) if use_b else ())
    gy = numpy.random.uniform(-1, 1, (3, 2)).astype(dtype)
    check_backward(F.linear, inputs, gy)


@pytest.mark.parametrize('x_shape,w_shape,b_shape,x_dtype', [
    ((3, 5), (2, 4), None, numpy.float32),
    ((3,), (2, 3), None, numpy.float32),
    ((3, 4), (2, 4), (3,), numpy.float32),
    ((3, 4), (2, 4), None, numpy.int32),
])
def test_invalid_type(x_shape, w_shape, b_shape, x_dtype):
    x = numpy.zeros(x_shape, x_dtype)
    W = numpy.zeros(w_shape, numpy.float32)
    args = (x, W) if b_shape is None else (x, W, numpy.zeros(b_shape, numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.linear(*args)


@pytest.mark.parametrize('order', ['C', 'F'])
@pytest.mark.parametrize('use_b', [True, False])
@pytest.mark.parametrize('batch,n_out', [(4, 5), (16, 200)])
def test_forward_host_layout(order, use_b, batch, n_out):
    # (16, 200) takes the product as W x^T and transposes back, (4, 5) as x W^T: the
    # output is a C-contiguous (B, M) array either way, whatever the layout of x.
    linear_module = importlib.import_module('chainer.functions.connection.linear')
    assert linear_module._unit_major_is_faster(batch, n_out) == (batch == 16)
    x = numpy.asarray(numpy.random.uniform(-1, 1, (batch, 3)), numpy.float32, order=order)
    W = numpy.random.uniform(-1, 1, (n_out, 3)).astype(numpy.float32)
    b = numpy.random.uniform(-1, 1, n_out).astype(numpy.float32)
    y = (F.linear(x, W, b) if use_b else F.linear(x, W)).data
    assert y.flags.c_contiguous and y.shape == (batch, n_out) and y.dtype == numpy.float32
    expected = x.astype(numpy.float64) @ W.T.astype(numpy.float64) + (b if use_b else 0)
    testing.assert_allclose(y, expected, atol=1e-5, rtol=1e-5)


def test_empty_batch():
    W = numpy.ones((5, 3), numpy.float32)
    y = F.linear(numpy.zeros((0, 3), numpy.float32), W, numpy.ones(5, numpy.float32))
    assert y.shape == (0, 5)


def test_bias_gradient_is_column_sum(dtype):
    x = chainer.Variable(numpy.random.uniform(-1, 1, (6, 3)).astype(dtype))
    W = chainer.Variable(numpy.random.uniform(-1, 1, (4, 3)).astype(dtype))
    b = chainer.Variable(numpy.zeros(4, dtype))
    y = F.linear(x, W, b)
    y.grad = numpy.random.uniform(-1, 1, (6, 4)).astype(dtype)
    y.backward()
    assert b.grad.dtype == dtype and b.grad.shape == (4,)
    testing.assert_allclose(b.grad, y.grad.astype(numpy.float64).sum(axis=0),
                            atol=1e-2 if dtype == numpy.float16 else 1e-5, rtol=1e-3)
