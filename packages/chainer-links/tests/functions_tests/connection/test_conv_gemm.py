"""_conv_gemm: the three convolution GEMMs on both column orders and every input-gradient
strategies, against einsum references; convolutions of channels-last inputs."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.functions.connection import _conv_gemm
from chainer.utils import conv_nd

GEOMETRIES = [
    # ksize, stride, pad, dilate, spatial
    ((3, 2), (1, 1), (0, 0), (1, 1), (5, 4)),
    ((2, 3), (2, 1), (1, 2), (1, 1), (5, 6)),
    ((2, 2), (1, 2), (1, 0), (2, 1), (6, 5)),
    ((3,), (2,), (1,), (1,), (7,)),
    ((2, 1, 2), (1, 2, 1), (0, 1, 1), (1, 1, 2), (3, 4, 4)),
]


def _channels_last(a):
    # The same values as `a`, laid out as a C-contiguous (n, d..., c) buffer.
    return numpy.moveaxis(numpy.ascontiguousarray(numpy.moveaxis(a, 1, -1)), -1, 1)


def _col_reference(x, ksize, stride, pad, dilate):
    return conv_nd.im2col_nd(numpy.ascontiguousarray(x), ksize, stride, pad, dilate=dilate)


@pytest.mark.parametrize('ksize,stride,pad,dilate,spatial', GEOMETRIES)
@pytest.mark.parametrize('layout', ['first', 'last'])
def test_correlate_and_weight_grad(ksize, stride, pad, dilate, spatial, layout):
    x = numpy.random.uniform(-1, 1, (2, 3) + spatial)
    if layout == 'last':
        x = _channels_last(x)
        assert conv_nd.is_channels_last(x)
    W = numpy.random.uniform(-1, 1, (4, 3) + ksize)
    col = conv_nd.im2col_nd(x, ksize, stride, pad, dilate=dilate)
    ref = _col_reference(x, ksize, stride, pad, dilate)
    numpy.testing.assert_array_equal(col, ref)
    nd = len(ksize)
    outs = col.shape[2 + nd:]
    flat = ref.reshape(2, 3, -1, int(numpy.prod(outs)))  # (n, c, K, P)
    y = _conv_gemm.correlate(col, W)
    expected = numpy.einsum('nckp,mck->npm', flat, W.reshape(4, 3, -1))
    numpy.testing.assert_allclose(y.reshape(2, -1, 4), expected, rtol=1e-12)
    gy = numpy.random.uniform(-1, 1, (2, 4) + outs)
    gW = _conv_gemm.weight_grad(gy, col)
    assert gW.flags.c_contiguous and gW.shape == W.shape
    numpy.testing.assert_allclose(gW, numpy.einsum('nmp,nckp->mck', gy.reshape(2, 4, -1),
                                                   flat).reshape(W.shape), rtol=1e-12)


STRATEGIES = ['per_offset', 'channels_last', 'offset_major']


@pytest.mark.parametrize('ksize,stride,pad,dilate,spatial', GEOMETRIES)
@pytest.mark.parametrize('strategy', STRATEGIES)
def test_transposed_correlate_is_adjoint(ksize, stride, pad, dilate, spatial, strategy):
    # <correlate(im2col(x)), a> == <x, transposed_correlate(a)> on every strategy.
    x = numpy.random.uniform(-1, 1, (2, 3) + spatial)
    W = numpy.random.uniform(-1, 1, (4, 3) + ksize)
    y = _conv_gemm.correlate(conv_nd.im2col_nd(x, ksize, stride, pad, dilate=dilate), W)
    a = numpy.random.uniform(-1, 1, y.shape)
    a_nchw = numpy.moveaxis(a, -1, 1)
    gx = _conv_gemm.transposed_correlate(a_nchw, W, stride, pad, spatial, dilate=dilate,
                                         strategy=strategy)
    assert gx.shape == x.shape
    numpy.testing.assert_allclose((y * a).sum(), (x * gx).sum(), rtol=1e-10)
    again = _conv_gemm.transposed_correlate(numpy.ascontiguousarray(a_nchw), W, stride, pad,
                                            spatial, dilate=dilate, strategy=strategy)
    numpy.testing.assert_allclose(again, gx, rtol=1e-12)


@pytest.mark.parametrize('strategy', STRATEGIES)
def test_transposed_correlate_against_loop(strategy):
    # Direct definition: img[n, c, o s + k d - p] += sum_m a[n, m, o] W[m, c, k].
    a = numpy.random.uniform(-1, 1, (2, 4, 3, 2))
    W = numpy.random.uniform(-1, 1, (4, 3, 2, 3))
    stride, pad, dilate, dims = (2, 1), (1, 0), (1, 2), (6, 6)
    img = numpy.zeros((2, 3, dims[0] + 2 * pad[0], dims[1] + 2 * pad[1]))
    for oy, ox, ky, kx in numpy.ndindex(3, 2, 2, 3):
        img[:, :, oy * stride[0] + ky * dilate[0], ox * stride[1] + kx * dilate[1]] += \
            numpy.einsum('nm,mc->nc', a[:, :, oy, ox], W[:, :, ky, kx])
    gx = _conv_gemm.transposed_correlate(a, W, stride, pad, dims, dilate=dilate,
                                         strategy=strategy)
    numpy.testing.assert_allclose(gx, img[:, :, 1:7, :], rtol=1e-12)


def test_transposed_correlate_rejects_unknown_strategy():
    with pytest.raises(ValueError, match='strategy'):
        _conv_gemm.transposed_correlate(numpy.ones((1, 2, 2, 2)), numpy.ones((2, 3, 1, 1)),
                                        1, 0, (2, 2), strategy='im2col')


@pytest.mark.parametrize('a_shape,w_shape,expected', [
    ((64, 32, 24, 24), (32, 1, 5, 5), 'offset_major'),     # cnn conv1: runs of 24 > 1
    ((64, 64, 8, 8), (64, 32, 5, 5), 'per_offset'),        # cnn conv2: 4096 runs > 2**11
    ((16, 64, 8, 8), (64, 32, 5, 5), 'channels_last'),     # 1024 runs < 2**11
    ((256, 32, 16, 16), (32, 16, 3, 3), 'per_offset'),     # 65536 runs of c=16
    ((256, 32, 16, 16), (32, 8, 3, 3), 'offset_major'),    # too few channels per tap
    ((8, 256, 8, 8), (256, 256, 3, 3), 'channels_last'),
])
def test_input_grad_strategy(a_shape, w_shape, expected):
    assert _conv_gemm.input_grad_strategy(numpy.empty(a_shape), numpy.empty(w_shape)) == \
        expected


def test_rows_is_a_view_for_channels_last():
    a = _channels_last(numpy.ones((2, 3, 4, 5)))
    assert numpy.shares_memory(_conv_gemm.rows(a), a)
    assert _conv_gemm.rows(a).shape == (40, 3)


@pytest.mark.parametrize('c_in', [2, 17])
@pytest.mark.parametrize('min_runs', [0, 10 ** 9], ids=['per-offset', 'single-gemm'])
def test_convolution_of_channels_last_input(monkeypatch, c_in, min_runs):
    # Same results whatever the memory layout of x (both column orders, every gx path).
    monkeypatch.setattr(_conv_gemm, 'PER_OFFSET_MIN_RUNS', min_runs)
    monkeypatch.setattr(_conv_gemm, 'PER_OFFSET_MIN_CHANNELS', 1)
    x = numpy.random.uniform(-1, 1, (2, c_in, 6, 5)).astype(numpy.float32)
    W = numpy.random.uniform(-1, 1, (3, c_in, 3, 2)).astype(numpy.float32)
    b = numpy.random.uniform(-1, 1, 3).astype(numpy.float32)
    results = []
    for data in (x, _channels_last(x)):
        xv, Wv, bv = chainer.Variable(data), chainer.Variable(W), chainer.Variable(b)
        y = F.convolution_2d(xv, Wv, bv, stride=(2, 1), pad=1)
        y.grad = numpy.arange(y.size, dtype=numpy.float32).reshape(y.shape) / y.size
        y.backward()
        results.append((y.data, xv.grad, Wv.grad, bv.grad))
    for first, last in zip(*results):
        testing.assert_allclose(first, last, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('min_runs', [0, 10 ** 9], ids=['per-offset', 'single-gemm'])
def test_gradient_of_many_channel_convolution(monkeypatch, min_runs):
    # Both input-gradient paths of a convolution with many channels per tap.
    monkeypatch.setattr(_conv_gemm, 'PER_OFFSET_MIN_RUNS', min_runs)
    c_in = _conv_gemm.PER_OFFSET_MIN_CHANNELS
    x = numpy.random.uniform(-1, 1, (1, c_in, 4, 3))
    W = numpy.random.uniform(-1, 1, (2, c_in, 2, 2))
    gy = numpy.random.uniform(-1, 1, (1, 2, 5, 2))  # out: (4 + 2 - 2 + 1, 3 - 2 + 1)
    chainer.gradient_check.check_backward(
        lambda x, W: F.convolution_2d(x, W, pad=(1, 0)), (x, W), gy, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_bias_grad(dtype):
    a = numpy.random.uniform(-1, 1, (300, 5)).astype(dtype)
    g = _conv_gemm.bias_grad(a)
    assert g.dtype == dtype and g.shape == (5,)
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    testing.assert_allclose(g, a.astype(numpy.float64).sum(axis=0), atol=tol, rtol=tol)
