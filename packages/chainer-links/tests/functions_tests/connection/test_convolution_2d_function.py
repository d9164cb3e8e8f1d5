"""F.convolution_2d against a direct loop over output positions."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # stride, pad, cover_all, with bias, input spatial size
    (1, 0, False, True, (4, 5)),
    ((2, 1), (1, 0), False, False, (5, 4)),
    (2, 1, True, True, (4, 4)),
]


def _data(dtype, spatial, c_in=2, c_out=3, k=(2, 3), n=2):
    x = numpy.random.uniform(-1, 1, (n, c_in) + spatial).astype(dtype)
    W = numpy.random.uniform(-1, 1, (c_out, c_in) + k).astype(dtype)
    b = numpy.random.uniform(-1, 1, c_out).astype(dtype)
    return x, W, b


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


@pytest.mark.parametrize('stride,pad,cover_all,use_b,spatial', CASES)
def test_forward(dtype, fwd_tol, conv_reference, stride, pad, cover_all, use_b, spatial):
    x, W, b = _data(dtype, spatial)
    y = F.convolution_2d(x, W, b if use_b else None, stride=stride, pad=pad,
                         cover_all=cover_all)
    assert y.dtype == dtype
    expected = conv_reference(x, W, b if use_b else None, _pair(stride), _pair(pad),
                              (1, 1), cover_all)
    testing.assert_allclose(y.data, expected, **fwd_tol)


@pytest.mark.parametrize('stride,pad,cover_all,use_b,spatial', CASES)
def test_backward(dtype, check_backward, stride, pad, cover_all, use_b, spatial):
    x, W, b = _data(dtype, spatial, c_in=2, c_out=2, n=1)
    inputs = (x, W, b) if use_b else (x, W)
    y = F.convolution_2d(*inputs, stride=stride, pad=pad, cover_all=cover_all)
    gy = numpy.random.uniform(-1, 1, y.shape).astype(dtype)

    def f(*args):
        return F.convolution_2d(*args, stride=stride, pad=pad, cover_all=cover_all)
    check_backward(f, inputs, gy)


def test_function_attributes():
    func = F.Convolution2DFunction(stride=(2, 3), pad=(1, 0))
    assert (func.sy, func.sx, func.ph, func.pw) == (2, 3, 1, 0)


@pytest.mark.parametrize('x_shape,w_shape,b_shape,w_dtype', [
    ((2, 3, 4, 4), (2, 2, 2, 2), None, numpy.float32),      # channel mismatch
    ((2, 3, 4), (2, 3, 2, 2), None, numpy.float32),         # x is not 4-d
    ((2, 3, 4, 4), (2, 3, 2, 2), None, numpy.int32),        # integer W
    ((2, 3, 4, 4), (2, 3, 2, 2), (3,), numpy.float32),      # bias length
])
def test_invalid_type(x_shape, w_shape, b_shape, w_dtype):
    x = numpy.zeros(x_shape, numpy.float32)
    W = numpy.zeros(w_shape, w_dtype)
    b = None if b_shape is None else numpy.zeros(b_shape, numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.convolution_2d(x, W, b)


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.convolution_2d(numpy.zeros((1, 1, 3, 3), numpy.int32),
                         numpy.zeros((1, 1, 2, 2), numpy.int32))
