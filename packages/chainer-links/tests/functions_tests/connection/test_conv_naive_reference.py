"""convolution_2d forward and backward against a naive loop over output positions, on
the input-gradient paths chosen by size (per-offset GEMMs at the cnn benchmark's conv2
shape, one GEMM below it) and on both memory layouts of the input."""
import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.functions.connection import _conv_gemm
from chainer.utils import conv


def _naive(x, W, b, stride, pad, dilate, groups, cover_all, gy):
    # y, gx, gW, gb by the definition, one output position at a time (float64).
    x, W, gy = (a.astype(numpy.float64) for a in (x, W, gy))
    n, c, h, w = x.shape
    m, cg, kh, kw = W.shape
    oh = conv.get_conv_outsize(h, kh, stride[0], pad[0], cover_all, dilate[0])
    ow = conv.get_conv_outsize(w, kw, stride[1], pad[1], cover_all, dilate[1])
    hp = max(h + 2 * pad[0], (oh - 1) * stride[0] + (kh - 1) * dilate[0] + 1)
    wp = max(w + 2 * pad[1], (ow - 1) * stride[1] + (kw - 1) * dilate[1] + 1)
    xp = numpy.zeros((n, c, hp, wp))
    xp[:, :, pad[0]:pad[0] + h, pad[1]:pad[1] + w] = x
    gxp = numpy.zeros_like(xp)
    y = numpy.zeros((n, m, oh, ow))
    gW = numpy.zeros_like(W)
    mg = m // groups
    for i, j in itertools.product(range(oh), range(ow)):
        ys = slice(i * stride[0], i * stride[0] + (kh - 1) * dilate[0] + 1, dilate[0])
        xs = slice(j * stride[1], j * stride[1] + (kw - 1) * dilate[1] + 1, dilate[1])
        for g in range(groups):
            cs, ms = slice(g * cg, (g + 1) * cg), slice(g * mg, (g + 1) * mg)
            patch = xp[:, cs, ys, xs]  # (n, cg, kh, kw)
            y[:, ms, i, j] = numpy.einsum('nckl,mckl->nm', patch, W[ms])
            gW[ms] += numpy.einsum('nm,nckl->mckl', gy[:, ms, i, j], patch)
            gxp[:, cs, ys, xs] += numpy.einsum('nm,mckl->nckl', gy[:, ms, i, j], W[ms])
    if b is not None:
        y += b.astype(numpy.float64)[None, :, None, None]
    gb = gy.sum(axis=(0, 2, 3))
    return y, gxp[:, :, pad[0]:pad[0] + h, pad[1]:pad[1] + w], gW, gb


CASES = [
    # n, c, m, (h, w), (kh, kw), stride, pad, dilate, groups, cover_all
    (2, 3, 4, (7, 6), (3, 3), (1, 1), (0, 0), (1, 1), 1, False),
    (2, 4, 6, (8, 7), (3, 2), (2, 1), (1, 2), (1, 1), 2, False),
    (1, 2, 3, (9, 9), (2, 3), (1, 2), (1, 1), (2, 1), 1, False),
    (2, 3, 2, (7, 8), (3, 3), (2, 3), (1, 0), (1, 1), 1, True),
    (1, 6, 6, (6, 6), (3, 3), (1, 1), (1, 1), (2, 2), 3, True),
    (3, 1, 8, (10, 10), (5, 5), (1, 1), (0, 0), (1, 1), 1, False),   # cnn's conv1, small
    (2, 16, 8, (8, 8), (5, 5), (1, 1), (0, 0), (1, 1), 1, False),    # cnn's conv2, small
]


@pytest.mark.parametrize('case', CASES)
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('layout', ['nchw', 'channels_last'])
@pytest.mark.parametrize('min_runs', [0, 10 ** 9], ids=['per-offset', 'single-gemm'])
def test_convolution_2d_matches_the_naive_loop(monkeypatch, case, dtype, layout, min_runs):
    monkeypatch.setattr(_conv_gemm, 'PER_OFFSET_MIN_RUNS', min_runs)
    monkeypatch.setattr(_conv_gemm, 'PER_OFFSET_MIN_CHANNELS', 1 if min_runs == 0 else 16)
    n, c, m, hw, ks, stride, pad, dilate, groups, cover_all = case
    rng = numpy.random.RandomState(sum(hw) + c)
    x = rng.uniform(-1, 1, (n, c) + hw).astype(dtype)
    if layout == 'channels_last':
        x = numpy.moveaxis(numpy.ascontiguousarray(numpy.moveaxis(x, 1, -1)), -1, 1)
    W = rng.uniform(-1, 1, (m, c // groups) + ks).astype(dtype)
    b = rng.uniform(-1, 1, m).astype(dtype)
    xv, Wv, bv = chainer.Variable(x), chainer.Variable(W), chainer.Variable(b)
    y = F.convolution_2d(xv, Wv, bv, stride=stride, pad=pad, cover_all=cover_all,
                         dilate=dilate, groups=groups)
    gy = rng.uniform(-1, 1, y.shape).astype(dtype)
    y.grad = gy
    y.backward()
    ref = _naive(x, W, b, stride, pad, dilate, groups, cover_all, gy)
    tol = 2e-5 if dtype == numpy.float32 else 1e-12
    for got, want in zip((y.data, xv.grad, Wv.grad, bv.grad), ref):
        assert got.dtype == dtype and got.shape == want.shape
        numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * 10)


def test_the_cnn_benchmark_shapes_take_the_measured_paths():
    # conv1 (one input channel) spreads its gradient with one GEMM; conv2 with one GEMM
    # per kernel offset (benchmarks/README.md, "Convolution on one thread").
    conv1 = _conv_gemm.input_grad_strategy(numpy.empty((64, 32, 24, 24)),
                                           numpy.empty((32, 1, 5, 5)))
    conv2 = _conv_gemm.input_grad_strategy(numpy.empty((64, 64, 8, 8)),
                                           numpy.empty((64, 32, 5, 5)))
    assert (conv1, conv2) == ('offset_major', 'per_offset')
