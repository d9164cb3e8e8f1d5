"""_windows: the tap loop, the flattened many-tap path and the tiled reshape path agree,
and each adjoint pair is an adjoint; pooling of channels-last inputs; many-tap pooling."""

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.functions.pooling import _windows
from chainer.utils import conv_nd

GEOMETRIES = [
    # ksize, stride, pad, cover_all, spatial
    ((2, 2), (2, 2), (0, 0), False, (4, 6)),    # tiles the input
    ((3, 3), (2, 2), (1, 1), True, (5, 4)),     # overlapping, padded
    ((2, 3), (3, 2), (1, 0), True, (5, 5)),     # gaps, cover-all tail
    ((3,), (1,), (1,), False, (6,)),            # 1-d
]
PATHS = {'loop': 10 ** 6, 'flat': 0}


def _channels_last(a):
    return numpy.moveaxis(numpy.ascontiguousarray(numpy.moveaxis(a, 1, -1)), -1, 1)


def _inputs(spatial, layout):
    size = 2 * 3 * int(numpy.prod(spatial))
    x = (numpy.random.permutation(size) - size / 2).reshape((2, 3) + spatial) * 0.25
    return _channels_last(x) if layout == 'last' else x


def _reference_windows(x, ksize, stride, pad, cover_all, pval):
    # (n, c, K, out...) by the tested im2col of a C-contiguous copy.
    col = conv_nd.im2col_nd(numpy.ascontiguousarray(x), ksize, stride, pad, pval=pval,
                            cover_all=cover_all)
    return col.reshape(col.shape[:2] + (-1,) + col.shape[2 + len(ksize):])


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', GEOMETRIES)
@pytest.mark.parametrize('path', sorted(PATHS))
@pytest.mark.parametrize('layout', ['first', 'last'])
def test_window_max_and_sum(monkeypatch, ksize, stride, pad, cover_all, spatial, path,
                            layout):
    monkeypatch.setattr(_windows, 'LOOP_TAPS', PATHS[path])
    x = _inputs(spatial, layout)
    ref = _reference_windows(x, ksize, stride, pad, cover_all, -numpy.inf)
    y, indexes = _windows.window_max(x, ksize, stride, pad, cover_all)
    assert indexes.dtype == numpy.int32
    numpy.testing.assert_array_equal(indexes, ref.argmax(axis=2))
    numpy.testing.assert_array_equal(y, ref.max(axis=2))
    numpy.testing.assert_array_equal(
        _windows.window_max_values(x, ksize, stride, pad, cover_all), y)
    total = _windows.window_sum(x, ksize, stride, pad, cover_all)
    ref0 = _reference_windows(x, ksize, stride, pad, cover_all, 0)
    numpy.testing.assert_allclose(total, ref0.sum(axis=2), rtol=1e-12)
    numpy.testing.assert_array_equal(_windows.select(x, indexes, ksize, stride, pad,
                                                     cover_all),
                                     numpy.take_along_axis(ref0, indexes[:, :, None],
                                                           2)[:, :, 0])


def test_window_max_keeps_the_first_of_ties():
    x = numpy.zeros((1, 1, 4, 4), numpy.float32)
    x[0, 0, 1, 1] = x[0, 0, 1, 0] = 1
    y, indexes = _windows.window_max(x, (2, 2), (2, 2), (0, 0), False)
    numpy.testing.assert_array_equal(indexes[0, 0], [[2, 0], [0, 0]])
    numpy.testing.assert_array_equal(y[0, 0], [[1, 0], [0, 0]])


@pytest.mark.parametrize('ksize,stride,pad,cover_all,spatial', GEOMETRIES)
@pytest.mark.parametrize('path', sorted(PATHS))
@pytest.mark.parametrize('channels_last', [False, True])
def test_spread_and_scatter_are_adjoints(monkeypatch, ksize, stride, pad, cover_all,
                                         spatial, path, channels_last):
    # <window_sum(x), v> == <x, spread(v)> and <select(x, i), v> == <x, scatter(v, i)>.
    monkeypatch.setattr(_windows, 'LOOP_TAPS', PATHS[path])
    x = numpy.random.uniform(-1, 1, (2, 3) + spatial)
    total = _windows.window_sum(x, ksize, stride, pad, cover_all)
    v = numpy.random.uniform(-1, 1, total.shape)
    back = _windows.spread(v, ksize, stride, pad, spatial, channels_last)
    assert back.shape == x.shape and conv_nd.is_channels_last(back) == channels_last
    numpy.testing.assert_allclose((total * v).sum(), (x * back).sum(), rtol=1e-10)
    indexes = numpy.random.randint(0, _windows.n_taps(ksize), v.shape).astype(numpy.int32)
    picked = _windows.select(x, indexes, ksize, stride, pad, cover_all)
    back = _windows.scatter(v, indexes, ksize, stride, pad, spatial, channels_last)
    assert back.shape == x.shape and conv_nd.is_channels_last(back) == channels_last
    numpy.testing.assert_allclose((picked * v).sum(), (x * back).sum(), rtol=1e-10)


@pytest.mark.parametrize('dims,outs,ksize,stride,pad,expected', [
    ((4, 6), (2, 3), (2, 2), (2, 2), (0, 0), True),
    ((5, 6), (3, 3), (2, 2), (2, 2), (0, 0), False),   # cover-all tail
    ((4, 6), (2, 3), (2, 2), (2, 2), (1, 0), False),   # padded
    ((4, 6), (3, 5), (2, 2), (1, 1), (0, 0), False),   # overlapping
])
def test_tiles(dims, outs, ksize, stride, pad, expected):
    assert _windows.tiles(dims, outs, ksize, stride, pad) == expected


@pytest.mark.parametrize('layout', ['first', 'last'])
def test_max_pooling_of_channels_last_input(layout):
    x = _inputs((6, 5), layout).astype(numpy.float32)
    xv = chainer.Variable(x)
    y = F.max_pooling_2d(xv, 3, stride=2, pad=1)
    y.grad = numpy.random.uniform(-1, 1, y.shape).astype(numpy.float32)
    y.backward()
    xc = chainer.Variable(numpy.ascontiguousarray(x))
    yc = F.max_pooling_2d(xc, 3, stride=2, pad=1)
    yc.grad = y.grad
    yc.backward()
    numpy.testing.assert_array_equal(y.data, yc.data)
    numpy.testing.assert_array_equal(xv.grad, xc.grad)
    assert conv_nd.is_channels_last(xv.grad) == (layout == 'last')


def test_many_tap_max_pooling():
    # 5 x 5 = 25 taps > LOOP_TAPS: the flattened path, through the public function.
    assert 25 > _windows.LOOP_TAPS
    x = _inputs((7, 6), 'first')
    y = F.max_pooling_2d(x, 5, stride=2, pad=1, cover_all=True)
    windows = _reference_windows(x, (5, 5), (2, 2), (1, 1), True, -numpy.inf)
    numpy.testing.assert_array_equal(y.data, windows.max(axis=2))
    gy = numpy.random.uniform(-1, 1, y.shape)
    gradient_check.check_backward(
        lambda x: F.max_pooling_2d(x, 5, stride=2, pad=1, cover_all=True), x, gy,
        atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('ksize', [2, 6])
def test_tiled_average_pooling(ksize):
    # ksize 6 (36 taps) takes the tiled reshape path, ksize 2 the tap loop.
    x = numpy.random.uniform(-1, 1, (2, 3, 6, 12))
    y = F.average_pooling_2d(x, ksize)
    expected = x.reshape(2, 3, 6 // ksize, ksize, 12 // ksize, ksize).mean(axis=(3, 5))
    testing.assert_allclose(y.data, expected, atol=1e-12, rtol=1e-12)
    gy = numpy.random.uniform(-1, 1, y.shape)
    gradient_check.check_backward(lambda x: F.average_pooling_2d(x, ksize), x, gy,
                                  atol=1e-5, rtol=1e-5)


def test_many_tap_untiled_average_pooling():
    x = numpy.random.uniform(-1, 1, (1, 2, 7, 7))
    y = F.average_pooling_2d(x, 5, stride=2, pad=1)
    windows = _reference_windows(x, (5, 5), (2, 2), (1, 1), False, 0)
    testing.assert_allclose(y.data, windows.mean(axis=2), atol=1e-12, rtol=1e-12)
    gy = numpy.random.uniform(-1, 1, y.shape)
    gradient_check.check_backward(lambda x: F.average_pooling_2d(x, 5, 2, 1), x, gy,
                                  atol=1e-5, rtol=1e-5)


def test_float32_stays_float32():
    x = numpy.random.uniform(-1, 1, (1, 2, 4, 4)).astype(numpy.float32)
    for f in (lambda x: F.max_pooling_2d(x, 2), lambda x: F.average_pooling_2d(x, 2)):
        xv = chainer.Variable(x)
        y = f(xv)
        y.grad = numpy.ones(y.shape, numpy.float32)
        y.backward()
        assert y.dtype == numpy.float32 and xv.grad.dtype == numpy.float32


