"""max_pooling_2d forward and backward against a naive loop over windows, for windows
that tile the input (the gradient image is then written without a zero fill) and for
windows that overlap, leave gaps or reach into padding."""
import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import conv


def _naive(x, k, s, p, cover_all, gy):
    n, c, h, w = x.shape
    oh = conv.get_conv_outsize(h, k[0], s[0], p[0], cover_all)
    ow = conv.get_conv_outsize(w, k[1], s[1], p[1], cover_all)
    y = numpy.empty((n, c, oh, ow), x.dtype)
    gx = numpy.zeros(x.shape, numpy.float64)
    for b, ch, i, j in itertools.product(range(n), range(c), range(oh), range(ow)):
        best, where = -numpy.inf, None
        for u, v in itertools.product(range(k[0]), range(k[1])):  # first maximum wins
            r, q = i * s[0] + u - p[0], j * s[1] + v - p[1]
            if 0 <= r < h and 0 <= q < w and x[b, ch, r, q] > best:
                best, where = x[b, ch, r, q], (r, q)
        y[b, ch, i, j] = best
        gx[(b, ch) + where] += gy[b, ch, i, j]
    return y, gx


CASES = [
    # shape, ksize, stride, pad, cover_all
    ((2, 3, 8, 6), (2, 2), (2, 2), (0, 0), True),      # tiles: the cnn benchmark's pooling
    ((1, 4, 9, 6), (3, 2), (3, 2), (0, 0), False),     # tiles, unequal windows
    ((2, 2, 7, 7), (2, 2), (2, 2), (0, 0), True),      # cover_all: the last window hangs out
    ((2, 2, 7, 7), (2, 2), (2, 2), (0, 0), False),     # a gap: the last row gets nothing
    ((1, 3, 6, 6), (3, 3), (2, 2), (1, 1), True),      # overlap and padding
    ((1, 2, 8, 8), (2, 2), (3, 3), (0, 0), False),     # gaps between windows
]


@pytest.mark.parametrize('case', CASES)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('layout', ['nchw', 'channels_last'])
def test_max_pooling_2d_matches_the_naive_loop(case, dtype, layout):
    shape, k, s, p, cover_all = case
    rng = numpy.random.RandomState(sum(shape))
    # Ties (zeros, as after a relu) check that the first maximum gets the gradient.
    x = numpy.maximum(rng.uniform(-1, 1, shape), 0).astype(dtype)
    if layout == 'channels_last':
        x = numpy.moveaxis(numpy.ascontiguousarray(numpy.moveaxis(x, 1, -1)), -1, 1)
    xv = chainer.Variable(x)
    y = F.max_pooling_2d(xv, k, s, p, cover_all)
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    y.grad = gy
    y.backward()
    y_ref, gx_ref = _naive(x, k, s, p, cover_all, gy)
    numpy.testing.assert_array_equal(y.data, y_ref)
    assert xv.grad.dtype == dtype
    numpy.testing.assert_allclose(xv.grad, gx_ref, rtol=1e-6, atol=1e-6)
