"""The frontend kernels' array handling (kernels/_cudnn_frontend), on the CPU: numpy
stands in for CuPy and chainer.utils' im2col_nd/col2im_nd for the library kernels, so the
fallbacks (taken where cuDNN has no plan) are checked against chainer.functions, and the
cuDNN path's bindings (which array goes to which graph tensor, eps, momentum, the
running statistics written back) against a runner that computes the same math."""
import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import conv_nd
from cupy_kernels import cudnn_graphs as graphs
from cupy_kernels import cudnn_runner as runner
from cupy_kernels.kernels import _cudnn_frontend as frontend

TOL = {numpy.float16: dict(atol=5e-2, rtol=5e-2), numpy.float32: dict(atol=1e-4, rtol=1e-4),
       numpy.float64: dict(atol=1e-10, rtol=1e-10)}
GEOMETRIES = [  # x shape, W shape, stride, pad, dilate (groups from the shapes)
    ((2, 3, 7), (4, 3, 3), (2,), (1,), (1,)),
    ((2, 4, 7, 6), (6, 2, 3, 3), (2, 1), (1, 0), (1, 2)),
    ((1, 6, 5, 5), (6, 1, 3, 3), (1, 1), (1, 1), (1, 1)),
    ((1, 2, 5, 4, 6), (2, 2, 2, 3, 2), (1, 2, 1), (0, 1, 1), (2, 1, 1)),
]


@pytest.fixture
def library(monkeypatch):
    """The library kernels frontend falls back to, as their numpy twins."""
    kernels = {'im2col_nd': lambda x, k, s, p, cover_all=False, dilate=1: conv_nd.im2col_nd(
        x, k, s, p, cover_all=cover_all, dilate=dilate),
        'col2im_nd': lambda col, s, p, dims, dilate=1: conv_nd.col2im_nd(
            col, s, p, dims, dilate=dilate)}
    monkeypatch.setattr(frontend, '_library', kernels.__getitem__)


@pytest.fixture
def no_plan(monkeypatch):
    def unsupported(*args):
        raise runner.Unsupported('no plan (test)')
    monkeypatch.setattr(runner, 'run', unsupported)


def _data(shape, dtype, seed):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('x_shape,w_shape,stride,pad,dilate', GEOMETRIES)
def test_convolution_fallback_is_chainers_convolution(library, no_plan, x_shape, w_shape,
                                                      stride, pad, dilate, dtype):
    x, W = _data(x_shape, dtype, 0), _data(w_shape, dtype, 1)
    b = _data(w_shape[:1], dtype, 2)
    groups = x_shape[1] // w_shape[1]
    y = frontend.conv_forward(numpy, x, W, b, stride, pad, dilate, groups)
    ref = F.convolution_nd(x, W, b, stride=stride, pad=pad, dilate=dilate, groups=groups)
    testing.assert_allclose(y, ref.array, **TOL[dtype])
    assert y.dtype == dtype
    gy = _data(y.shape, dtype, 3)
    gx, gW, gb = frontend.conv_backward(numpy, x, W, gy, stride, pad, dilate, groups)
    import chainer
    xv, Wv, bv = (chainer.Variable(a.copy()) for a in (x, W, b))
    out = F.convolution_nd(xv, Wv, bv, stride=stride, pad=pad, dilate=dilate,
                           groups=groups)
    out.grad = gy
    out.backward()
    for mine, want in ((gx, xv.grad), (gW, Wv.grad), (gb, bv.grad)):
        assert mine.dtype == dtype and mine.shape == want.shape
        testing.assert_allclose(mine, want, **TOL[dtype])


def _bn_reference(x, gamma, beta, eps):
    import chainer
    xv, gv, bv = (chainer.Variable(a.copy()) for a in (x, gamma, beta))
    return xv, gv, bv, F.batch_normalization(xv, gv, bv, eps=eps)


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(5, 3), (4, 3, 2, 2)])
def test_batch_normalization_fallback(no_plan, dtype, shape):
    x, gamma, beta = _data(shape, dtype, 0), _data((3,), dtype, 1), _data((3,), dtype, 2)
    mean0, var0 = numpy.zeros(3, dtype), numpy.ones(3, dtype)
    running_mean, running_var = mean0.copy(), var0.copy()
    y, mean, inv_std = frontend.bn_forward_training(numpy, x, gamma, beta, running_mean,
                                                    running_var, 2e-5, 0.9)
    xv, gv, bv, ref = _bn_reference(x, gamma, beta, 2e-5)
    testing.assert_allclose(y, ref.array, **TOL[dtype])
    assert y.dtype == dtype and mean.dtype == graphs.param_dtype(dtype)
    axes = tuple(a for a in range(x.ndim) if a != 1)
    m = x.size // 3
    xf = x.astype(numpy.float64)
    testing.assert_allclose(running_mean, 0.1 * xf.mean(axis=axes), **TOL[dtype])
    testing.assert_allclose(running_var, 0.9 + 0.1 * xf.var(axis=axes) * m / (m - 1),
                            **TOL[dtype])
    gy = _data(shape, dtype, 3)
    gx, ggamma, gbeta = frontend.bn_backward(numpy, x, gamma, gy, mean, inv_std, 2e-5)
    ref.grad = gy
    ref.backward()
    for mine, want in ((gx, xv.grad), (ggamma, gv.grad), (gbeta, bv.grad)):
        assert mine.dtype == dtype
        testing.assert_allclose(mine, want, **TOL[dtype])
    fixed = frontend.bn_forward_inference(numpy, x, gamma, beta, mean0 + 0.5, var0 * 2, 1e-3)
    ref = F.fixed_batch_normalization(x, gamma, beta, mean0 + 0.5, var0 * 2, eps=1e-3)
    testing.assert_allclose(fixed, ref.array, **TOL[dtype])


class _NumpyRunner(object):
    """Stands for cudnn_runner.run: builds the graph with the recording stand-in and
    computes what cuDNN would into the bound outputs (batch normalization)."""

    def __init__(self):
        self.calls = []

    def __call__(self, cupy, key, build, bindings):
        from _fake_cudnn import module
        spec = build(module())
        assert set(bindings) == set(spec.tensors), (key, sorted(bindings))
        self.calls.append((key, dict(bindings)))
        b = bindings
        if key[0] == 'bn_train':
            x = b['x'].astype(numpy.float64)
            mean, var = x.mean(axis=(0, 2, 3), keepdims=True), x.var(axis=(0, 2, 3),
                                                                     keepdims=True)
            inv = 1 / numpy.sqrt(var + float(b['eps'].item()))
            b['y'][...] = b['gamma'] * (x - mean) * inv + b['beta']
            b['mean'][...], b['inv_std'][...] = mean, inv
            momentum, m = float(b['momentum'].item()), x.size // x.shape[1]
            b['next_mean'][...] = (1 - momentum) * b['running_mean'] + momentum * mean
            b['next_var'][...] = ((1 - momentum) * b['running_var'] +
                                  momentum * var * m / (m - 1))


def test_batch_normalization_binds_its_arrays_to_the_graph(monkeypatch):
    fake = _NumpyRunner()
    monkeypatch.setattr(runner, 'run', fake)
    x, gamma, beta = _data((4, 3, 2, 2), numpy.float16, 0), numpy.ones(3, numpy.float16), \
        numpy.zeros(3, numpy.float16)
    running_mean, running_var = numpy.zeros(3, numpy.float16), numpy.ones(3, numpy.float16)
    y, mean, inv_std = frontend.bn_forward_training(numpy, x, gamma, beta, running_mean,
                                                    running_var, 1e-3, 0.75)
    (key, bound), = fake.calls
    assert key == ('bn_train', (4, 3, 2, 2), numpy.dtype(numpy.float16).str)
    assert bound['eps'].item() == numpy.float32(1e-3)
    assert bound['momentum'].item() == 0.25  # cuDNN's factor is 1 - decay
    assert bound['gamma'].dtype == numpy.float32 and bound['gamma'].shape == (1, 3, 1, 1)
    assert y.shape == x.shape and y.dtype == numpy.float16
    assert mean.shape == inv_std.shape == (3,) and mean.dtype == numpy.float32
    testing.assert_allclose(running_mean, 0.25 * x.astype(numpy.float64).mean(axis=(0, 2, 3)),
                            atol=1e-3, rtol=1e-3)
    assert running_mean.dtype == numpy.float16  # written back in place, in its dtype


def test_convolution_binds_contiguous_arrays(monkeypatch):
    calls = []

    def record(cupy, key, build, bindings):
        from _fake_cudnn import module
        spec = build(module())
        calls.append((key, spec, bindings))
        for name, value in bindings.items():
            assert value.flags.c_contiguous, name
        bindings[[r for r in spec.tensors if spec.tensors[r].output][0]][...] = 1
    monkeypatch.setattr(runner, 'run', record)
    x = _data((2, 5, 4, 4), numpy.float32, 0)[:, :4]  # not contiguous
    W = _data((6, 2, 3, 3), numpy.float32, 1)
    y = frontend.conv_forward(numpy, x, W, numpy.full(6, 2, numpy.float32), (1, 1), (1, 1),
                              (1, 1), 2)
    assert y.shape == (2, 6, 4, 4) and (y == 3).all()  # the graph's output plus the bias
    gx, gW, gb = frontend.conv_backward(numpy, x, W, numpy.ones_like(y), (1, 1), (1, 1),
                                        (1, 1), 2)
    assert [k[0] for k, _, _ in calls] == ['conv_fwd', 'conv_dgrad', 'conv_wgrad']
    assert calls[1][0][3] == x.shape and calls[2][0][3] == W.shape
    assert (gx == 1).all() and (gW == 1).all() and (gb == 32).all()
