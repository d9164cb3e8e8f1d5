"""F.deconvolution_2d against a direct scatter loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # stride, pad, outsize, with bias
    (1, 0, None, True),
    ((2, 1), (1, 0), None, False),
    (2, 1, (6, 5), True),   # one row and column larger than the estimate
]


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


@pytest.mark.parametrize('stride,pad,outsize,use_b', CASES)
def test_forward(dtype, fwd_tol, deconv_reference, stride, pad, outsize, use_b):
    x = numpy.random.uniform(-1, 1, (2, 2, 3, 3)).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 3, 3, 2)).astype(dtype)
    b = numpy.random.uniform(-1, 1, 3).astype(dtype) if use_b else None
    y = F.deconvolution_2d(x, W, b, stride=stride, pad=pad, outsize=outsize)
    assert y.dtype == dtype
    expected = deconv_reference(x, W, b, _pair(stride), _pair(pad), outsize)
    testing.assert_allclose(y.data, expected, **fwd_tol)


def test_output_size_rule():
    # h_O = s_Y (h - 1) + k_H - 2 p_H
    y = F.deconvolution_2d(numpy.zeros((1, 1, 4, 3), numpy.float32),
                           numpy.zeros((1, 2, 3, 2), numpy.float32), stride=(2, 3), pad=1)
    assert y.shape == (1, 2, 7, 6)


@pytest.mark.parametrize('stride,pad,outsize,use_b', CASES)
def test_backward(dtype, check_backward, stride, pad, outsize, use_b):
    x = numpy.random.uniform(-1, 1, (1, 2, 3, 3)).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 2, 3, 2)).astype(dtype)
    inputs = (x, W) + ((numpy.random.uniform(-1, 1, 2).astype(dtype),) if use_b else ())

    def f(*args):
        return F.deconvolution_2d(*args, stride=stride, pad=pad, outsize=outsize)
    gy = numpy.random.uniform(-1, 1, f(*inputs).shape).astype(dtype)
    check_backward(f, inputs, gy)


def test_invalid_type():
    x = numpy.zeros((1, 2, 3, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_2d(x, numpy.zeros((3, 2, 2, 2), numpy.float32))  # c_I mismatch
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_2d(x, numpy.zeros((2, 2, 2, 2), numpy.float32),
                           numpy.zeros((3,), numpy.float32))  # bias length
    with pytest.raises(type_check.InvalidType):
        # outsize 9 does not map back to 3 with k=2, s=1, p=0
        F.deconvolution_2d(x, numpy.zeros((2, 2, 2, 2), numpy.float32), outsize=(9, 9))
