import numpy
import pytest

import chainer.functions as F
from chainer.testing import attr
from chainer.utils import type_check


def _loop_im2col(x, k, s, p, d, out):
    n, c, h, w = x.shape
    y = numpy.zeros((n, c, k[0], k[1], out[0], out[1]), x.dtype)
    for i in range(k[0]):
        for j in range(k[1]):
            for oy in range(out[0]):
                for ox in range(out[1]):
                    iy = oy * s[0] + i * d[0] - p[0]
                    ix = ox * s[1] + j * d[1] - p[1]
                    if 0 <= iy < h and 0 <= ix < w:
                        y[:, :, i, j, oy, ox] = x[:, :, iy, ix]
    return y.reshape(n, c * k[0] * k[1], out[0], out[1])


@pytest.mark.parametrize('k,s,p,d,cover_all,out', [
    ((1, 1), (1, 1), (0, 0), (1, 1), False, (5, 4)),
    ((2, 2), (2, 2), (1, 1), (1, 1), False, (3, 3)),
    ((2, 3), (1, 2), (0, 1), (2, 1), False, (3, 2)),
    ((3, 2), (2, 3), (0, 0), (1, 1), True, (2, 2)),
    ((2, 2), (2, 2), (2, 2), (2, 2), True, (4, 4)),
])
def test_im2col(rng, dtype, check_backward, k, s, p, d, cover_all, out):
    x = rng.uniform(-1, 1, (2, 2, 5, 4)).astype(dtype)
    y = F.im2col(x, k, s, p, cover_all=cover_all, dilate=d)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, _loop_im2col(x, k, s, p, d, out))
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    check_backward(F.Im2Col(k, s, p, cover_all, d), x, gy)


def test_im2col_takes_ints_for_both_axes(rng):
    x = rng.uniform(-1, 1, (1, 2, 4, 4)).astype(numpy.float32)
    y = F.im2col(x, 2, stride=2, pad=1)
    numpy.testing.assert_array_equal(
        y.data, _loop_im2col(x, (2, 2), (2, 2), (1, 1), (1, 1), (3, 3)))


@pytest.mark.parametrize('x', [numpy.zeros((2, 3, 4), numpy.float32),
                               numpy.zeros((1, 1, 3, 3), numpy.int32)])
def test_im2col_invalid_type(x):
    with pytest.raises(type_check.InvalidType):
        F.im2col(x, 2)



@pytest.mark.parametrize('kwargs,name', [
    ({'ksize': 0}, 'ksize'), ({'ksize': (2, 0)}, 'ksize'), ({'ksize': -1}, 'ksize'),
    ({'ksize': 2, 'stride': 0}, 'stride'), ({'ksize': 2, 'dilate': (1, 0)}, 'dilate'),
    ({'ksize': 2, 'pad': -1}, 'pad')])
def test_im2col_rejects_empty_windows_and_bad_steps(kwargs, name):
    x = numpy.ones((1, 1, 4, 4), numpy.float32)
    with pytest.raises(ValueError, match='im2col: {} must be at least'.format(name)):
        F.im2col(x, **kwargs)


def test_im2col_accepts_the_smallest_valid_arguments():
    x = numpy.arange(16, dtype=numpy.float32).reshape(1, 1, 4, 4)
    y = F.im2col(x, 1, stride=1, pad=0, dilate=1)
    numpy.testing.assert_array_equal(y.data, x)

@attr.gpu
def test_im2col_on_gpu_matches_the_host(compare_with_gpu):
    x = numpy.random.uniform(-1, 1, (2, 3, 6, 5)).astype(numpy.float32)
    compare_with_gpu(lambda x: F.im2col(x, (2, 3), (1, 2), (1, 0), dilate=(2, 1)), [x])
