"""F.deconvolution_nd in 1 and 3 dimensions against a direct scatter loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # spatial, ksize, stride, pad, outsize, with bias
    ((3,), (3,), (2,), (1,), None, True),
    ((2, 3, 2), (2, 2, 2), (2, 1, 1), (0, 1, 0), None, False),
    ((2, 2), (2, 2), (2, 2), (0, 0), (5, 4), True),
]


@pytest.mark.parametrize('spatial,ksize,stride,pad,outsize,use_b', CASES)
def test_forward(dtype, fwd_tol, deconv_reference, spatial, ksize, stride, pad, outsize,
                 use_b):
    x = numpy.random.uniform(-1, 1, (2, 2) + spatial).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 3) + ksize).astype(dtype)
    b = numpy.random.uniform(-1, 1, 3).astype(dtype) if use_b else None
    y = F.deconvolution_nd(x, W, b, stride=stride, pad=pad, outsize=outsize)
    testing.assert_allclose(y.data, deconv_reference(x, W, b, stride, pad, outsize),
                            **fwd_tol)


@pytest.mark.parametrize('spatial,ksize,stride,pad,outsize,use_b', CASES)
def test_backward(dtype, check_backward, spatial, ksize, stride, pad, outsize, use_b):
    x = numpy.random.uniform(-1, 1, (1, 2) + spatial).astype(dtype)
    W = numpy.random.uniform(-1, 1, (2, 2) + ksize).astype(dtype)
    inputs = (x, W) + ((numpy.random.uniform(-1, 1, 2).astype(dtype),) if use_b else ())

    def f(*args):
        return F.deconvolution_nd(*args, stride=stride, pad=pad, outsize=outsize)
    gy = numpy.random.uniform(-1, 1, f(*inputs).shape).astype(dtype)
    check_backward(f, inputs, gy)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_nd(numpy.zeros((1, 2, 3), numpy.float32),
                           numpy.zeros((2, 1, 2, 2), numpy.float32))  # W ndim
    with pytest.raises(type_check.InvalidType):
        F.deconvolution_nd(numpy.zeros((1, 2, 3), numpy.float16),
                           numpy.zeros((2, 1, 2), numpy.int32))  # integer W


def test_empty_estimated_output_is_also_an_assertion_error_as_in_v1():
    x = numpy.zeros((2, 3, 4), numpy.float32)
    W = numpy.zeros((3, 2, 2), numpy.float32)
    with pytest.raises(AssertionError, match='empty'):
        F.deconvolution_nd(x, W, stride=1, pad=10)
    with pytest.raises(ValueError, match='empty'):
        F.deconvolution_nd(x, W, stride=1, pad=10)
