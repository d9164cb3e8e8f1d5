"""F.shift: channel groups moved by window offsets; linear, differentiable twice."""
import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


def _rand(*shape):
    return numpy.random.RandomState(sum(shape)).uniform(-1, 1, shape)


def _reference(x, kh, kw, dy, dx):
    # one channel at a time: find its window offset, then copy pixel by pixel
    n, c, h, w = x.shape
    groups = kh * kw
    size = c // groups
    y = numpy.zeros_like(x)
    for ch in range(c):
        g = min(ch // size, groups - 1)
        if g == (groups - 1) // 2:
            g = groups - 1
        elif g == groups - 1:
            g = (groups - 1) // 2
        oy, ox = (g // kw - kh // 2) * dy, (g % kw - kw // 2) * dx
        for r in range(h):
            for q in range(w):
                if 0 <= r - oy < h and 0 <= q - ox < w:
                    y[:, ch, r, q] = x[:, ch, r - oy, q - ox]
    return y


@pytest.mark.parametrize('c,ksize,dilate', [
    (9, 3, 1), (11, 3, 2), (16, (3, 5), (1, 2)), (9, 3, (-1, 1)), (25, 5, 3)])
def test_forward(c, ksize, dilate):
    x = _rand(2, c, 5, 6)
    kh, kw = (ksize, ksize) if isinstance(ksize, int) else ksize
    dy, dx = (dilate, dilate) if isinstance(dilate, int) else dilate
    numpy.testing.assert_array_equal(F.shift(x, ksize, dilate).data,
                                     _reference(x, kh, kw, dy, dx))


def test_gradients():
    x = _rand(1, 10, 4, 5)
    gy = _rand(1, 10, 4, 5) + 1

    def f(x):
        return F.shift(x, 3, 2)
    gradient_check.check_backward(f, x, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(f, x, gy, _rand(1, 10, 4, 5) - 1,
                                         dtype=numpy.float64)


def test_invalid():
    with pytest.raises(ValueError):
        F.shift(_rand(1, 9, 3, 3), ksize=2)
    with pytest.raises(type_check.InvalidType):
        F.shift(_rand(1, 8, 3, 3), ksize=3)
