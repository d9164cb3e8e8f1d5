"""F.average_pooling_2d against a direct loop."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # ksize, stride, pad, spatial
    (2, None, 0, (4, 4)),
    (3, 2, 1, (5, 4)),
    ((2, 3), (1, 2), (1, 0), (4, 5)),
]
FWD_TOL = {numpy.float16: 5e-3, numpy.float32: 1e-6, numpy.float64: 1e-12}


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


@pytest.mark.parametrize('ksize,stride,pad,spatial', CASES)
def test_forward(dtype, average_pool_reference, ksize, stride, pad, spatial):
    x = numpy.random.uniform(-1, 1, (2, 3) + spatial).astype(dtype)
    y = F.average_pooling_2d(x, ksize, stride=stride, pad=pad)
    assert y.dtype == dtype
    s = _pair(ksize) if stride is None else _pair(stride)
    expected = average_pool_reference(x, _pair(ksize), s, _pair(pad))
    testing.assert_allclose(y.data, expected, atol=FWD_TOL[dtype], rtol=FWD_TOL[dtype])


@pytest.mark.parametrize('ksize,stride,pad,spatial', CASES)
def test_backward(dtype, check_backward, ksize, stride, pad, spatial):
    x = numpy.random.uniform(-1, 1, (1, 2) + spatial).astype(dtype)

    def f(x):
        return F.average_pooling_2d(x, ksize, stride=stride, pad=pad)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_attributes_and_no_cover_all():
    func = F.AveragePooling2D((2, 3), (1, 2), (1, 0))
    assert (func.kh, func.kw, func.sy, func.sx, func.ph, func.pw) == (2, 3, 1, 2, 1, 0)
    assert func.cover_all is False


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.average_pooling_2d(numpy.zeros((2, 4, 4), numpy.float32), 2)
    with pytest.raises(type_check.InvalidType):
        F.average_pooling_2d(numpy.zeros((1, 1, 4, 4), numpy.int64), 2)


def test_node_takes_v1_positional_arguments_with_cover_all():
    x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
    # v1: AveragePooling2D(ksize, stride, pad, cover_all, use_cudnn)
    y = F.AveragePooling2D(2, 2, 0, False, False)(x)
    testing.assert_allclose(y.data, F.average_pooling_2d(x, 2, 2).data)
    with pytest.raises(ValueError, match='cover_all'):
        F.AveragePooling2D(2, 2, 0, True)
