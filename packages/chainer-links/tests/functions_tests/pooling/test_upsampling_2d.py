"""F.upsampling_2d with max-pooling indexes."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

CASES = [
    # ksize, stride, pad, cover_all, spatial
    (2, None, 0, True, (6, 6)),
    (3, 2, 1, True, (5, 4)),
    ((2, 3), (2, 1), (1, 0), False, (4, 5)),
]


def test_documented_example():
    p = F.MaxPooling2D(2, 2, use_cudnn=False)
    x = chainer.Variable(numpy.arange(1, 37).reshape(1, 1, 6, 6).astype('f'))
    pooled = p(x)
    up = F.upsampling_2d(pooled, p.indexes, p.kh, p.sy, p.ph, x.shape[2:])
    expected = numpy.zeros((6, 6), 'f')
    expected[1::2, 1::2] = [[8, 10, 12], [20, 22, 24], [32, 34, 36]]
    numpy.testing.assert_array_equal(up.data[0, 0], expected)


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', CASES)
def test_forward_puts_values_at_the_maxima(dtype, distinct, ksize, stride, pad, cover_all,
                                           spatial):
    # Upsampling the pooled maxima of x itself restores x where it was a window maximum.
    x = distinct((2, 2) + spatial, dtype)
    p = F.MaxPooling2D(ksize, stride, pad, cover_all)
    y = p(x)
    up = F.upsampling_2d(y, p.indexes, ksize, stride, pad, spatial, cover_all)
    assert up.shape == x.shape and up.dtype == dtype
    # direct reference: every output's argmax location, found by comparing values
    expected = numpy.zeros(x.shape, numpy.float64)
    for idx in numpy.ndindex(*y.shape):
        n, c = idx[:2]
        hit = numpy.argwhere(x[n, c] == y.data[idx])
        assert len(hit) == 1
        expected[(n, c) + tuple(hit[0])] += y.data[idx]
    testing.assert_allclose(up.data, expected, atol=0, rtol=0)


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', CASES)
def test_backward(dtype, distinct, check_backward, ksize, stride, pad, cover_all, spatial):
    x = distinct((1, 2) + spatial, dtype)
    p = F.MaxPooling2D(ksize, stride, pad, cover_all)
    y = p(x).data

    def f(y):
        return F.upsampling_2d(y, p.indexes, ksize, stride, pad, spatial, cover_all)
    gy = numpy.random.uniform(-1, 1, x.shape).astype(dtype)
    check_backward(f, y, gy)


def test_invalid_type():
    p = F.MaxPooling2D(2)
    y = p(numpy.zeros((1, 1, 4, 4), numpy.float32)).data
    with pytest.raises(type_check.InvalidType):
        F.upsampling_2d(y[:, :, :1], p.indexes, 2)   # shape differs from indexes
    with pytest.raises(TypeError, match='integer'):
        F.upsampling_2d(y, p.indexes.astype(numpy.float32), 2)
