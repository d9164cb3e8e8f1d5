"""F.dilated_convolution_2d against a direct loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # stride, pad, dilate, cover_all, with bias
    (1, 0, 2, False, True),
    ((1, 2), (2, 1), (2, 1), False, False),
    (2, 1, (1, 2), True, True),
]


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


@pytest.mark.parametrize('stride,pad,dilate,cover_all,use_b', CASES)
def test_forward(dtype, fwd_tol, conv_reference, stride, pad, dilate, cover_all, use_b):
    x = numpy.random.uniform(-1, 1, (2, 2, 6, 5)).astype(dtype)
    W = numpy.random.uniform(-1, 1, (3, 2, 2, 2)).astype(dtype)
    b = numpy.random.uniform(-1, 1, 3).astype(dtype) if use_b else None
    y = F.dilated_convolution_2d(x, W, b, stride=stride, pad=pad, dilate=dilate,
                                 cover_all=cover_all)
    expected = conv_reference(x, W, b, _pair(stride), _pair(pad), _pair(dilate), cover_all)
    testing.assert_allclose(y.data, expected, **fwd_tol)


@pytest.mark.parametrize('stride,pad,dilate,cover_all,use_b', CASES)
def test_backward(dtype, check_backward, stride, pad, dilate, cover_all, use_b):
    x = numpy.random.uniform(-1, 1, (1, 2, 5, 5)).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 2, 2, 2)).astype(dtype)
    inputs = (x, W) + ((numpy.random.uniform(-1, 1, 2).astype(dtype),) if use_b else ())

    def f(*args):
        return F.dilated_convolution_2d(*args, stride=stride, pad=pad, dilate=dilate,
                                        cover_all=cover_all)
    gy = numpy.random.uniform(-1, 1, f(*inputs).shape).astype(dtype)
    check_backward(f, inputs, gy)


def test_output_size_rule():
    # h_O = (h + 2p - k - (k - 1)(d - 1)) / s + 1
    y = F.dilated_convolution_2d(numpy.zeros((1, 1, 9, 9), numpy.float32),
                                 numpy.zeros((1, 1, 3, 3), numpy.float32), dilate=3)
    assert y.shape == (1, 1, 3, 3)
    func = F.DilatedConvolution2DFunction(dilate=(2, 3))
    assert (func.dy, func.dx) == (2, 3)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.dilated_convolution_2d(numpy.zeros((1, 2, 5, 5), numpy.float32),
                                 numpy.zeros((1, 3, 2, 2), numpy.float32), dilate=2)
