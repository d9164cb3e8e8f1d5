"""F.convolution_nd in 1, 2 and 3 dimensions against a direct loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # spatial, ksize, stride, pad, cover_all, with bias
    ((5,), (3,), (2,), (1,), False, True),
    ((4, 3), (2, 2), (1, 2), (0, 1), True, False),
    ((3, 4, 3), (2, 2, 2), (1, 2, 1), (1, 0, 0), False, True),
]


@pytest.mark.parametrize('spatial,ksize,stride,pad,cover_all,use_b', CASES)
def test_forward(dtype, fwd_tol, conv_reference, spatial, ksize, stride, pad, cover_all,
                 use_b):
    x = numpy.random.uniform(-1, 1, (2, 2) + spatial).astype(dtype)
    W = numpy.random.uniform(-1, 1, (3, 2) + ksize).astype(dtype)
    b = numpy.random.uniform(-1, 1, 3).astype(dtype) if use_b else None
    y = F.convolution_nd(x, W, b, stride=stride, pad=pad, cover_all=cover_all)
    assert y.dtype == dtype
    testing.assert_allclose(
        y.data, conv_reference(x, W, b, stride, pad, (1,) * len(spatial), cover_all),
        **fwd_tol)


@pytest.mark.parametrize('spatial,ksize,stride,pad,cover_all,use_b', CASES)
def test_backward(dtype, check_backward, spatial, ksize, stride, pad, cover_all, use_b):
    x = numpy.random.uniform(-1, 1, (1, 2) + spatial).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 2) + ksize).astype(dtype)
    inputs = (x, W)
    if use_b:
        inputs += (numpy.random.uniform(-1, 1, 2).astype(dtype),)

    def f(*args):
        return F.convolution_nd(*args, stride=stride, pad=pad, cover_all=cover_all)
    gy = numpy.random.uniform(-1, 1, f(*inputs).shape).astype(dtype)
    check_backward(f, inputs, gy)


def test_scalar_stride_and_pad_broadcast(conv_reference):
    x = numpy.random.uniform(-1, 1, (1, 1, 4, 4, 4))
    W = numpy.random.uniform(-1, 1, (2, 1, 2, 2, 2))
    y = F.convolution_nd(x, W, stride=2, pad=1)
    testing.assert_allclose(y.data, conv_reference(x, W, None, (2,) * 3, (1,) * 3,
                                                   (1,) * 3, False))


def test_invalid_type():
    x = numpy.zeros((1, 2, 3, 3, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.convolution_nd(x, numpy.zeros((1, 3, 2, 2, 2), numpy.float32))  # channels
    with pytest.raises(type_check.InvalidType):
        F.convolution_nd(x, numpy.zeros((1, 2, 2, 2), numpy.float32))  # W ndim
    with pytest.raises(type_check.InvalidType):
        F.convolution_nd(numpy.zeros((2,), numpy.float32),
                         numpy.zeros((1, 2, 2), numpy.float32))  # x ndim


def test_bad_stride_value():
    with pytest.raises(ValueError, match='stride'):
        F.ConvolutionND(2, stride=0)
    with pytest.raises(ValueError, match='tuple of 2'):
        F.ConvolutionND(2, stride=(1, 2, 3))
