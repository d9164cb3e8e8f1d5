"""F.max_pooling_2d against a direct loop."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # ksize, stride, pad, cover_all, spatial
    (2, None, 0, True, (4, 4)),
    (3, 2, 1, True, (5, 4)),
    ((2, 3), (1, 2), (1, 0), False, (4, 5)),
    (2, 2, 0, True, (5, 5)),   # cover_all adds a last partial window
    (2, 2, 0, False, (5, 5)),
]


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', CASES)
def test_forward(dtype, distinct, max_pool_reference, ksize, stride, pad, cover_all,
                 spatial):
    x = distinct((2, 3) + spatial, dtype)
    y = F.max_pooling_2d(x, ksize, stride=stride, pad=pad, cover_all=cover_all)
    assert y.dtype == dtype
    s = _pair(ksize) if stride is None else _pair(stride)
    expected = max_pool_reference(x, _pair(ksize), s, _pair(pad), cover_all)
    testing.assert_allclose(y.data, expected, atol=0, rtol=0)


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', CASES)
def test_backward(dtype, distinct, check_backward, ksize, stride, pad, cover_all, spatial):
    x = distinct((1, 2) + spatial, dtype)

    def f(x):
        return F.max_pooling_2d(x, ksize, stride=stride, pad=pad, cover_all=cover_all)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_documented_example():
    # the documented upsampling_2d example: 2x2 max pooling of 1..36 on a 6x6 grid.
    p = F.MaxPooling2D(2, 2, use_cudnn=False)
    x = chainer.Variable(numpy.arange(1, 37).reshape(1, 1, 6, 6).astype('f'))
    numpy.testing.assert_array_equal(
        p(x).data[0, 0], [[8, 10, 12], [20, 22, 24], [32, 34, 36]])
    assert (p.kh, p.kw, p.sy, p.sx, p.ph, p.pw) == (2, 2, 2, 2, 0, 0)
    assert p.indexes.shape == (1, 1, 3, 3)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.max_pooling_2d(numpy.zeros((1, 2, 4), numpy.float32), 2)
    with pytest.raises(type_check.InvalidType):
        F.max_pooling_2d(numpy.zeros((1, 2, 4, 4), numpy.int32), 2)


def test_bad_arguments():
    with pytest.raises(ValueError, match='ksize'):
        F.MaxPooling2D(0)
    with pytest.raises(ValueError, match='too small'):
        F.max_pooling_2d(numpy.zeros((1, 1, 2, 2), numpy.float32), 3, cover_all=False)


@pytest.mark.parametrize('shape,axis', [((4, 4, 1, 4), 'Height'), ((4, 4, 4, 1), 'Width')])
def test_empty_output_is_an_assertion_error_naming_the_axis_as_in_v1(shape, axis):
    # a 1-pixel axis under a 3-window of stride 2 pools to nothing, even with cover_all
    x = numpy.zeros(shape, numpy.float32)
    with pytest.raises(AssertionError, match=axis + ' in the output should be positive'):
        F.max_pooling_2d(x, 3, stride=2)


def test_input_smaller_than_the_window_pools_with_cover_all_as_in_v1():
    x = numpy.arange(4, dtype=numpy.float32).reshape(1, 1, 2, 2)
    numpy.testing.assert_array_equal(F.max_pooling_2d(x, 3, stride=2).data, [[[[3]]]])
