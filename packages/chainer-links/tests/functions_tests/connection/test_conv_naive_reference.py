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


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('geometry', [
    ((3, 3), (1, 1), (0, 0), (1, 1), False),
    ((2, 3), (2, 1), (1, 2), (1, 2), True),
])
def test_the_column_array_with_ones_folds_the_bias_into_the_gemms(dtype, geometry):
    ksize, stride, pad, dilate, cover_all = geometry
    rng = numpy.random.RandomState(3)
    x = rng.uniform(-1, 1, (2, 3, 7, 6)).astype(dtype)
    W = rng.uniform(-1, 1, (4, 3) + ksize).astype(dtype)
    b = rng.uniform(-1, 1, 4).astype(dtype)
    col, aug = _conv_gemm.im2col_with_ones(x, ksize, stride, pad, cover_all, dilate)
    from chainer.utils import conv_nd
    ref = conv_nd.im2col_nd(x, ksize, stride, pad, cover_all=cover_all, dilate=dilate)
    numpy.testing.assert_array_equal(col, ref)
    assert numpy.shares_memory(col, aug) and (aug[-1] == 1).all()
    y = _conv_gemm.correlate_with_bias(col, aug, W, b)
    tol = 1e-5 if dtype == numpy.float32 else 1e-12
    numpy.testing.assert_allclose(y, _conv_gemm.correlate(ref, W) + b, rtol=tol, atol=tol)
    gy = rng.uniform(-1, 1, (2, 4) + col.shape[4:]).astype(dtype)
    rows = _conv_gemm.rows(gy)
    gW, gb = _conv_gemm.weight_and_bias_grad(aug, rows, W.shape)
    assert gW.flags.c_contiguous and gW.dtype == dtype and gb.shape == (4,)
    numpy.testing.assert_allclose(gW, _conv_gemm.weight_grad(gy, ref), rtol=tol, atol=tol)
    numpy.testing.assert_allclose(gb, gy.sum(axis=(0, 2, 3)), rtol=tol, atol=tol)


def test_no_ones_row_for_channels_last_or_half_inputs():
    x = numpy.ones((2, 3, 5, 5), numpy.float32)
    last = numpy.moveaxis(numpy.ascontiguousarray(numpy.moveaxis(x, 1, -1)), -1, 1)
    assert _conv_gemm.im2col_with_ones(last, (3, 3), 1, 0) is None
    assert _conv_gemm.im2col_with_ones(x.astype(numpy.float16), (3, 3), 1, 0) is None
    assert _conv_gemm.im2col_with_ones(x, (3, 3), 1, 0) is not None


@pytest.mark.parametrize('wanted', ['W', 'b', 'x'])
def test_a_bias_convolution_gives_each_gradient_alone(wanted):
    # The folded GEMM serves gW and gb together; either one alone takes the other paths.
    rng = numpy.random.RandomState(5)
    arrays = [rng.uniform(-1, 1, s) for s in ((2, 3, 6, 6), (4, 3, 3, 3), (4,))]
    ref = _naive(arrays[0], arrays[1], arrays[2], (1, 1), (0, 0), (1, 1), 1, False,
                 numpy.ones((2, 4, 4, 4)))
    variables = [chainer.Variable(a) if name == wanted else a
                 for a, name in zip(arrays, ('x', 'W', 'b'))]
    y = F.convolution_2d(*variables)
    y.grad = numpy.ones(y.shape)
    y.backward()
    index = ('x', 'W', 'b').index(wanted)
    numpy.testing.assert_allclose(variables[index].grad, ref[1 + index], rtol=1e-12,
                                  atol=1e-12)
