"""F.linear against numpy (spec 003, linear)."""
import numpy
import pytest

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
