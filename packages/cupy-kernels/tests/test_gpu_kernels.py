"""Each library kernel against the numpy path of the same Chainer function (GPU only).

These tests are marked ``gpu`` and skip on a machine without a CUDA device; there the
compile checks (test_compile.py) are what is proven.
"""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda, testing
from chainer.testing import attr

FLOATS = (numpy.float16, numpy.float32, numpy.float64)
TOL = {numpy.float16: dict(atol=5e-3, rtol=5e-3), numpy.float32: dict(atol=1e-5, rtol=1e-5),
       numpy.float64: dict(atol=1e-10, rtol=1e-10)}


def cpu_grads(func, inputs, gy):
    """``(y, [gx...])`` of ``func`` on numpy arrays, by Chainer's own backward."""
    xs = [chainer.Variable(a.copy()) for a in inputs]
    y = func(*xs)
    y.grad = gy
    y.backward()
    return y.data, [x.grad for x in xs]


def check(actual, expected, dtype):
    testing.assert_allclose(cuda.to_cpu(actual), expected, **TOL[dtype])


def _data(shape, dtype, seed=0, low=-2, high=2):
    rng = numpy.random.RandomState(seed)
    x = rng.uniform(low, high, shape).astype(dtype)
    x[numpy.abs(x) < 0.05] = 0.5  # keep away from the kinks of relu-like functions
    return x


# (forward kernel, backward kernel, chainer function, scalar kwargs, backward reads)
ACTIVATIONS = [
    ('relu', lambda x: F.relu(x), {}, 'y'),
    ('sigmoid', lambda x: F.sigmoid(x), {}, 'y'),
    ('tanh', lambda x: F.tanh(x), {}, 'y'),
    ('elu', lambda x: F.elu(x, alpha=0.7), {'alpha': 0.7}, 'x'),
    ('leaky_relu', lambda x: F.leaky_relu(x, slope=0.1), {'slope': 0.1}, 'x'),
    ('clipped_relu', lambda x: F.clipped_relu(x, z=1.5), {'z': 1.5}, 'x'),
    ('softplus', lambda x: F.softplus(x, beta=2.0), {'beta': 2.0}, 'x'),
    ('hard_sigmoid', lambda x: F.hard_sigmoid(x), {}, 'x'),
    ('clip', lambda x: F.clip(x, -1.0, 1.5), {'x_min': -1.0, 'x_max': 1.5}, 'x'),
    ('abs', lambda x: abs(x), {}, 'x'),
    ('sqrt', lambda x: F.sqrt(x), {}, 'y'),
]


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name,func,scalars,reads', ACTIVATIONS)
def test_activation_kernels(name, func, scalars, reads, dtype):
    x = _data((3, 4), dtype)
    if name == 'sqrt':
        x = numpy.abs(x) + dtype(0.5)
    gy = _data((3, 4), dtype, seed=1)
    y, (gx,) = cpu_grads(func, [x], gy)
    args = [dtype(v) for v in scalars.values()]
    if name not in ('abs', 'sqrt'):
        check(cuda.kernel(name + '_fwd')(cuda.to_gpu(x), *args), y, dtype)
    source = y if reads == 'y' else x
    check(cuda.kernel(name + '_bwd')(cuda.to_gpu(source), cuda.to_gpu(gy), *args), gx, dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_lstm_kernels(dtype):
    c_prev, x = _data((2, 3), dtype), _data((2, 12), dtype, seed=1)
    gc, gh = _data((2, 3), dtype, seed=2), _data((2, 3), dtype, seed=3)
    c, h = F.lstm(chainer.Variable(c_prev), chainer.Variable(x))
    gates = cuda.to_gpu(x).reshape(2, 3, 4)
    a, i, f, o = (gates[:, :, k] for k in range(4))
    c_gpu, h_gpu = cuda.kernel('lstm_fwd')(cuda.to_gpu(c_prev), a, i, f, o)
    check(c_gpu, c.data, dtype)
    check(h_gpu, h.data, dtype)
    # full gradient of both outputs through the numpy path
    cv2, xv2 = chainer.Variable(c_prev.copy()), chainer.Variable(x.copy())
    c2, h2 = F.lstm(cv2, xv2)
    loss = F.sum(c2 * gc) + F.sum(h2 * gh)
    loss.backward()
    outs = cuda.kernel('lstm_bwd')(cuda.to_gpu(c_prev), a, i, f, o, c_gpu,
                                   cuda.to_gpu(gc), cuda.to_gpu(gh))
    check(outs[0], cv2.grad, dtype)
    gx = numpy.stack([cuda.to_cpu(g) for g in outs[1:]], axis=2).reshape(2, 12)
    testing.assert_allclose(gx, xv2.grad, **TOL[dtype])


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_gru_kernels(dtype):
    xs = [_data((2, 3), dtype, seed=s) for s in range(6)]
    xr, hr, xz, hz, xh, uh = xs
    h = _data((2, 3), dtype, seed=7)
    r, z = cuda.kernel('gru_gates_fwd')(*[cuda.to_gpu(a) for a in (xr, hr, xz, hz)])
    sig = lambda v: 1 / (1 + numpy.exp(-v.astype(numpy.float64)))  # noqa: E731
    check(r, sig(xr + hr), dtype)
    h_new, hbar = cuda.kernel('gru_output_fwd')(z, cuda.to_gpu(xh), cuda.to_gpu(uh),
                                                 cuda.to_gpu(h))
    zc = sig(xz + hz)
    hb = numpy.tanh(xh.astype(numpy.float64) + uh)
    check(h_new, (1 - zc) * h + zc * hb, dtype)
    gh_new = _data((2, 3), dtype, seed=8)
    gz_pre, ghbar_pre, gh = cuda.kernel('gru_output_bwd')(z, hbar, cuda.to_gpu(h),
                                                          cuda.to_gpu(gh_new))
    check(gz_pre, gh_new * (hb - h) * zc * (1 - zc), dtype)
    check(ghbar_pre, gh_new * zc * (1 - hb ** 2), dtype)
    check(gh, gh_new * (1 - zc), dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('log', [False, True])
@pytest.mark.parametrize('shape,axis', [((3, 5), 1), ((2, 4, 3), 1), ((2, 3, 200), 2)])
def test_softmax_kernels(dtype, log, shape, axis):
    x, gy = _data(shape, dtype), _data(shape, dtype, seed=1)
    name = 'log_softmax' if log else 'softmax'
    if log:
        func = lambda v: F.log_softmax(v)  # noqa: E731 - log_softmax is along axis 1
        if axis != 1:
            return
    else:
        func = lambda v: F.softmax(v, axis=axis)  # noqa: E731
    y, (gx,) = cpu_grads(func, [x], gy)
    y_gpu = cuda.kernel(name + '_fwd')(cuda.to_gpu(x), axis)
    check(y_gpu, y, dtype)
    check(cuda.kernel(name + '_bwd')(y_gpu, cuda.to_gpu(gy), axis), gx, dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('ldtype', [numpy.int32, numpy.int64])
def test_softmax_cross_entropy_kernels(dtype, ldtype):
    x = _data((4, 3, 2), dtype)
    t = numpy.array([[0, 2], [1, -1], [2, 2], [-1, 0]], dtype=ldtype)
    loss, (gx, _) = cpu_grads(
        lambda a, b: F.softmax_cross_entropy(a, b, normalize=True), [x, t],
        numpy.ones((), dtype))
    log_y = cuda.kernel('log_softmax_fwd')(cuda.to_gpu(x), 1)
    tg = cuda.to_gpu(t)
    total = cuda.kernel('softmax_cross_entropy_fwd')(tg, log_y, 3, 2, ldtype(-1))
    count = int((t != -1).sum())
    check(total / count, loss, dtype)
    y = cuda.kernel('softmax_fwd')(cuda.to_gpu(x), 1)
    out = cuda.cupy.empty_like(y)
    cuda.kernel('softmax_cross_entropy_bwd')(y, tg, dtype(1.0 / count), 3, 2, ldtype(-1),
                                             out)
    check(out, gx, dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('nd', [1, 2, 3])
def test_im2col_col2im_match_conv_nd(dtype, nd):
    from chainer.utils import conv_nd
    x = _data((2, 3) + (5,) * nd, dtype)
    kw = dict(ksize=3, stride=2, pad=1, dilate=1)
    col = conv_nd.im2col_nd(x, kw['ksize'], kw['stride'], kw['pad'])
    col_gpu = cuda.kernel('im2col_nd')(cuda.to_gpu(x), 3, 2, 1)
    check(col_gpu, col, dtype)
    img = conv_nd.col2im_nd(col, 2, 1, x.shape[2:])
    check(cuda.kernel('col2im_nd')(col_gpu, 2, 1, x.shape[2:]), img, dtype)
    if nd == 2:
        from chainer.utils import conv
        col2 = conv.im2col_cpu(x, 3, 3, 2, 2, 1, 1, dy=2, dx=1)
        check(cuda.kernel('im2col')(cuda.to_gpu(x), 3, 3, 2, 2, 1, 1, dy=2, dx=1), col2,
              dtype)
        check(cuda.kernel('col2im')(cuda.to_gpu(col2), 2, 2, 1, 1, 5, 5, dy=2, dx=1),
              conv.col2im_cpu(col2, 2, 2, 1, 1, 5, 5, dy=2, dx=1), dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('nd', [1, 2, 3])
@pytest.mark.parametrize('kind', ['max', 'average'])
def test_pooling_kernels(dtype, nd, kind):
    shape = (2, 2) + (5,) * nd
    x = numpy.random.RandomState(0).permutation(numpy.prod(shape)).reshape(shape)
    x = (x / x.size).astype(dtype)  # distinct values: a unique max per window
    gy_shape = None
    if kind == 'max':
        func = lambda v: F.max_pooling_nd(v, 3, 2, 1, cover_all=True)  # noqa: E731
    else:
        func = lambda v: F.average_pooling_nd(v, 3, 2, 1)  # noqa: E731
    gy_shape = func(chainer.Variable(x)).shape
    gy = _data(gy_shape, dtype, seed=1)
    y, (gx,) = cpu_grads(func, [x], gy)
    xg = cuda.to_gpu(x)
    if kind == 'max':
        y_gpu, idx = cuda.kernel('max_pooling_fwd')(xg, 3, 2, 1, True)
        gx_gpu = cuda.kernel('max_pooling_bwd')(cuda.to_gpu(gy), idx, x.shape, 3, 2, 1, True)
    else:
        y_gpu = cuda.kernel('average_pooling_fwd')(xg, 3, 2, 1)
        gx_gpu = cuda.kernel('average_pooling_bwd')(cuda.to_gpu(gy), x.shape, 3, 2, 1)
    check(y_gpu, y, dtype)
    check(gx_gpu, gx, dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_lrn_kernels(dtype):
    x, gy = _data((2, 7, 2, 3), dtype), _data((2, 7, 2, 3), dtype, seed=1)
    y, (gx,) = cpu_grads(lambda v: F.local_response_normalization(v, 5, 2, 1e-2, .75),
                         [x], gy)
    y_gpu, scale = cuda.kernel('lrn_fwd')(cuda.to_gpu(x), 7, 6, 2, dtype(2), dtype(1e-2),
                                          dtype(.75))
    check(y_gpu, y, dtype)
    gx_gpu = cuda.kernel('lrn_bwd')(cuda.to_gpu(x), y_gpu, scale, cuda.to_gpu(gy), 7, 6, 2,
                                    dtype(1e-2), dtype(.75))
    check(gx_gpu, gx, dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_batch_norm_kernels(dtype):
    x = _data((4, 3, 2), dtype)
    gamma, beta = _data((3,), dtype, seed=1), _data((3,), dtype, seed=2)
    gy = _data((4, 3, 2), dtype, seed=3)
    y, (gx, ggamma, gbeta) = cpu_grads(
        lambda a, g, b: F.batch_normalization(a, g, b, eps=2e-5), [x, gamma, beta], gy)
    xg = cuda.to_gpu(x)
    mean = xg.mean(axis=(0, 2), keepdims=True)
    inv_std = 1 / cuda.cupy.sqrt(xg.var(axis=(0, 2), keepdims=True) + dtype(2e-5))
    g3, b3 = cuda.to_gpu(gamma)[None, :, None], cuda.to_gpu(beta)[None, :, None]
    x_hat, y_gpu = cuda.kernel('batch_norm_fwd')(xg, mean, inv_std, g3, b3)
    check(y_gpu, y, dtype)
    gyg = cuda.to_gpu(gy)
    gg = (gyg * x_hat).sum(axis=(0, 2), keepdims=True)
    gb = gyg.sum(axis=(0, 2), keepdims=True)
    gx_gpu = cuda.kernel('batch_norm_bwd')(gyg, x_hat, g3, inv_std, gg, gb, dtype(1 / 8))
    check(gx_gpu, gx, dtype)
    check(gg.ravel(), ggamma, dtype)
    check(gb.ravel(), gbeta, dtype)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_dropout_kernel(dtype):
    x = cuda.cupy.ones((200, 50), dtype=dtype)
    y, mask = cuda.kernel('dropout_fwd')(x, 0.25)
    kept = cuda.to_cpu(mask) != 0
    assert 0.65 < kept.mean() < 0.85
    testing.assert_allclose(cuda.to_cpu(y)[kept], numpy.full(kept.sum(), 1 / 0.75),
                            **TOL[dtype])
    assert y.dtype == dtype and mask.dtype == dtype


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('idtype', [numpy.int32, numpy.int64])
def test_scatter_add_matches_embed_id_backward(dtype, idtype):
    ids = numpy.array([[0, 2, 2], [1, 2, 0]], dtype=idtype)
    W = _data((4, 3), dtype)
    gy = _data((2, 3, 3), dtype, seed=1)
    _, (_, gW) = cpu_grads(lambda i, w: F.embed_id(i, w), [ids, W], gy)
    dst = cuda.cupy.zeros_like(cuda.to_gpu(W))
    cuda.kernel('scatter_add')(dst, cuda.to_gpu(ids.ravel()), cuda.to_gpu(gy).reshape(6, 3))
    check(dst, gW, dtype)


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_cudnn_paths_match_numpy(dtype):
    x = _data((2, 3, 5, 5), dtype)
    W = _data((4, 3, 3, 3), dtype, seed=1)
    b = _data((4,), dtype, seed=2)
    y = F.convolution_2d(x, W, b, stride=1, pad=1).data
    check(cuda.kernel('cudnn_convolution_forward')(
        cuda.to_gpu(x), cuda.to_gpu(W), cuda.to_gpu(b), 1, 1), y, dtype)
    y = F.max_pooling_2d(x, 2, 2, cover_all=False).data
    check(cuda.kernel('cudnn_pooling_forward')(cuda.to_gpu(x), 2, 2, 0, 'max'), y, dtype)
    check(cuda.kernel('cudnn_softmax_forward')(cuda.to_gpu(x), 1), F.softmax(x).data, dtype)
    check(cuda.kernel('cudnn_activation_forward')(cuda.to_gpu(x), 'relu'), F.relu(x).data,
          dtype)
