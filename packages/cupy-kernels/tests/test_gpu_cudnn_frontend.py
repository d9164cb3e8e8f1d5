"""The cuDNN kernels on a GPU, called directly (GPU only; marked ``cudnn``): grouped,
dilated and strided convolutions and batch normalization against chainer.functions on
numpy, under ``cudnn_deterministic`` and ``autotune``, and the same results from the
fallback taken where cuDNN has no plan. Through nvidia-cudnn-frontend where it is
installed, else through ``cupy.cudnn``."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda, testing
from chainer.testing import attr

TOL = {numpy.float16: dict(atol=5e-2, rtol=5e-2), numpy.float32: dict(atol=1e-4, rtol=1e-4),
       numpy.float64: dict(atol=1e-9, rtol=1e-9)}
CONVS = [  # x shape, W shape, stride, pad, dilate
    ((2, 4, 9, 8), (6, 2, 3, 3), (2, 1), (1, 0), (1, 2)),
    ((2, 3, 7, 7), (4, 3, 3, 3), (1, 1), (1, 1), (1, 1)),
    ((1, 6, 5, 5), (6, 1, 3, 3), (1, 1), (1, 1), (1, 1)),
    ((2, 2, 6, 5, 4), (3, 2, 2, 2, 2), (1, 2, 1), (1, 0, 1), (2, 1, 1)),
]
CONFIGS = [dict(), dict(cudnn_deterministic=True), dict(autotune=True)]


def _data(shape, dtype, seed):
    return numpy.random.RandomState(seed).uniform(-1, 1, shape).astype(dtype)


def _reference_conv(x, W, b, gy, stride, pad, dilate):
    groups = x.shape[1] // W.shape[1]
    xv, Wv, bv = (chainer.Variable(a.copy()) for a in (x, W, b))
    y = F.convolution_nd(xv, Wv, bv, stride=stride, pad=pad, dilate=dilate, groups=groups)
    y.grad = gy
    y.backward()
    return y.array, xv.grad, Wv.grad, bv.grad


def _run_conv(x, W, b, gy, stride, pad, dilate):
    groups = x.shape[1] // W.shape[1]
    xg, Wg, bg, gyg = (cuda.to_gpu(a) for a in (x, W, b, gy))
    y = cuda.kernel('cudnn_convolution_forward')(xg, Wg, bg, stride, pad, dilate,
                                                 groups=groups)
    grads = cuda.kernel('cudnn_convolution_backward')(xg, Wg, gyg, stride, pad, dilate,
                                                      groups=groups)
    return [cuda.to_cpu(a) for a in (y,) + tuple(grads)]


@attr.cudnn
@pytest.mark.parametrize('config', CONFIGS)
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('x_shape,w_shape,stride,pad,dilate', CONVS)
def test_convolution_kernels(x_shape, w_shape, stride, pad, dilate, dtype, config):
    x, W, b = _data(x_shape, dtype, 0), _data(w_shape, dtype, 1), _data(w_shape[:1], dtype, 2)
    y_shape = F.convolution_nd(x, W, b, stride=stride, pad=pad, dilate=dilate,
                               groups=x_shape[1] // w_shape[1]).shape
    gy = _data(y_shape, dtype, 3)
    want = _reference_conv(x, W, b, gy, stride, pad, dilate)
    from cupy_kernels import cudnn_runner
    cudnn_runner.clear()  # _check_cudnn_ran then sees this test's graphs only
    with chainer.using_config('cudnn_deterministic', config.get('cudnn_deterministic', False)), \
            chainer.using_config('autotune', config.get('autotune', False)):
        got = _run_conv(x, W, b, gy, stride, pad, dilate)
        again = _run_conv(x, W, b, gy, stride, pad, dilate)
    for g, w in zip(got, want):
        assert g.dtype == dtype and g.shape == w.shape
        testing.assert_allclose(g, w, **TOL[dtype])
    _check_cudnn_ran(dtype)
    if config.get('cudnn_deterministic'):
        for g, a in zip(got, again):
            assert (g == a).all()  # bit for bit


def _check_cudnn_ran(dtype):
    """Through the frontend, float16/float32 graphs must have run on cuDNN, not on the
    fallback (float64 may legitimately have no plan, and so may inference batch
    normalization: cuDNN 9.19 on an H100 offers no engine for it in either layout)."""
    from cupy_kernels import cudnn_runner, cudnn_support
    if cudnn_support.api() == 'frontend' and dtype != numpy.float64:
        refused = {k: r for k, r in cudnn_runner.unsupported().items()
                   if numpy.dtype(dtype).str in str(k) and k[0] != 'bn_infer'}
        assert not refused, refused


@attr.cudnn
def test_convolution_fallback_on_the_gpu_matches(monkeypatch):
    from cupy_kernels import cudnn_runner, cudnn_support
    if cudnn_support.api() != 'frontend':
        pytest.skip('the fallback belongs to the frontend path')
    x_shape, w_shape, stride, pad, dilate = CONVS[0]
    x, W, b = (_data(s, numpy.float32, i) for i, s in enumerate(
        (x_shape, w_shape, w_shape[:1])))
    gy = _data(F.convolution_nd(x, W, b, stride=stride, pad=pad, dilate=dilate,
                                groups=2).shape, numpy.float32, 3)
    with_cudnn = _run_conv(x, W, b, gy, stride, pad, dilate)

    def unsupported(*args):
        raise cudnn_runner.Unsupported('test')
    monkeypatch.setattr(cudnn_runner, 'run', unsupported)
    fallback = _run_conv(x, W, b, gy, stride, pad, dilate)
    for a, c in zip(fallback, with_cudnn):
        testing.assert_allclose(a, c, atol=1e-4, rtol=1e-4)


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(6, 3), (4, 3, 5, 2), (6, 32), (4, 32, 5, 2)])
def test_batch_normalization_kernels(dtype, shape):
    """cuDNN's normalization engines take channel counts that fill their vector loads
    (on an H100 3 channels were refused: "c % elements_per_ldg"); 32 channels must run on
    cuDNN, 3 may take the fallback. Either way the results are Chainer's."""
    from cupy_kernels import cudnn_runner
    cudnn_runner.clear()
    c = shape[1]
    x, gamma, beta = _data(shape, dtype, 0), _data((c,), dtype, 1), _data((c,), dtype, 2)
    gy = _data(shape, dtype, 3)
    xv, gv, bv = (chainer.Variable(a.copy()) for a in (x, gamma, beta))
    ref = F.batch_normalization(xv, gv, bv, eps=2e-5)
    ref.grad = gy
    ref.backward()
    running = [cuda.to_gpu(numpy.zeros(c, dtype)), cuda.to_gpu(numpy.ones(c, dtype))]
    xg, gg, bg = (cuda.to_gpu(a) for a in (x, gamma, beta))
    y, mean, inv_std = cuda.kernel('cudnn_batch_normalization_forward_training')(
        xg, gg, bg, running[0], running[1], 2e-5, 0.9)
    gx, ggamma, gbeta = cuda.kernel('cudnn_batch_normalization_backward')(
        xg, gg, cuda.to_gpu(gy), mean, inv_std, 2e-5)
    for got, want in ((y, ref.array), (gx, xv.grad), (ggamma, gv.grad), (gbeta, bv.grad)):
        got = cuda.to_cpu(got)
        assert got.dtype == dtype
        testing.assert_allclose(got, want, **TOL[dtype])
    axes = tuple(a for a in range(len(shape)) if a != 1)
    m = x.size // c
    testing.assert_allclose(cuda.to_cpu(running[0]), 0.1 * x.mean(axis=axes), **TOL[dtype])
    testing.assert_allclose(cuda.to_cpu(running[1]),
                            0.9 + 0.1 * x.var(axis=axes) * m / (m - 1), **TOL[dtype])
    fixed = cuda.kernel('cudnn_batch_normalization_forward_inference')(
        xg, gg, bg, cuda.to_gpu(numpy.full(c, 0.25, dtype)),
        cuda.to_gpu(numpy.full(c, 2, dtype)), 1e-3)
    want = F.fixed_batch_normalization(x, gamma, beta, numpy.full(c, 0.25, dtype),
                                       numpy.full(c, 2, dtype), eps=1e-3).array
    testing.assert_allclose(cuda.to_cpu(fixed), want, **TOL[dtype])
    if c % 8 == 0:
        _check_cudnn_ran(dtype)
