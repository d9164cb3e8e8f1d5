"""F.unpooling_2d against a direct scatter loop."""
import itertools

import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import conv
from chainer.utils import type_check

CASES = [
    # ksize, stride, pad, outsize, cover_all
    (2, None, 0, None, True),
    (3, 2, 1, None, False),
    ((2, 3), (2, 1), (1, 0), None, True),
    (2, 2, 0, (5, 6), True),
]


def _pair(v):
    return v if isinstance(v, tuple) else (v, v)


def _reference(x, ksize, stride, pad, outsize):
    y = numpy.zeros(x.shape[:2] + tuple(outsize))
    for i, j in itertools.product(range(x.shape[2]), range(x.shape[3])):
        for u, v in itertools.product(range(ksize[0]), range(ksize[1])):
            r, c = i * stride[0] + u - pad[0], j * stride[1] + v - pad[1]
            if 0 <= r < outsize[0] and 0 <= c < outsize[1]:
                y[:, :, r, c] += x[:, :, i, j]
    return y


@pytest.mark.parametrize('ksize,stride,pad,outsize,cover_all', CASES)
def test_forward(dtype, ksize, stride, pad, outsize, cover_all):
    x = numpy.random.uniform(-1, 1, (2, 2, 3, 3)).astype(dtype)
    y = F.unpooling_2d(x, ksize, stride, pad, outsize, cover_all)
    k = _pair(ksize)
    s = k if stride is None else _pair(stride)
    p = _pair(pad)
    if outsize is None:
        outsize = [conv.get_deconv_outsize(3, k[i], s[i], p[i], cover_all) for i in range(2)]
    assert y.shape == (2, 2) + tuple(outsize)
    tol = 5e-3 if dtype == numpy.float16 else 1e-6
    testing.assert_allclose(y.data, _reference(x, k, s, p, outsize), atol=tol, rtol=tol)


@pytest.mark.parametrize('ksize,stride,pad,outsize,cover_all', CASES)
def test_backward(dtype, check_backward, ksize, stride, pad, outsize, cover_all):
    x = numpy.random.uniform(-1, 1, (1, 2, 3, 3)).astype(dtype)

    def f(x):
        return F.unpooling_2d(x, ksize, stride, pad, outsize, cover_all)
    gy = numpy.random.uniform(-1, 1, f(x).shape).astype(dtype)
    check_backward(f, x, gy)


def test_invalid_type():
    with pytest.raises(type_check.InvalidType):
        F.unpooling_2d(numpy.zeros((1, 3, 3), numpy.float32), 2)
    with pytest.raises(type_check.InvalidType):
        # outsize 9 pools back to 5, not 3
        F.unpooling_2d(numpy.zeros((1, 1, 3, 3), numpy.float32), 2, outsize=(9, 9))
