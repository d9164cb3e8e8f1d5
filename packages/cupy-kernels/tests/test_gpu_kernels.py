"""Each library kernel, run through the Chainer function it serves, against that function's
numpy path (GPU only).

Every test calls the public ``chainer.functions`` function on GPU variables, so what is
checked is the wiring (the function's GPU branch, its argument conventions) together with
the kernel: the forward outputs and the gradients of every input must match the same
function run on numpy arrays, and the kernels the GPU run requested through
``chainer.cuda.kernel`` are recorded and checked (so a branch that silently fell back to
array-generic code fails). Marked ``gpu`` (``cudnn`` for the cuDNN paths): they skip on a
machine without a CUDA device, where test_compile.py and test_wiring.py are what is proven.
"""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda, testing
from chainer.testing import attr

FLOATS = (numpy.float16, numpy.float32, numpy.float64)
#: Tolerances for elementwise results, and for results summed over many terms (whose
#: order differs between numpy and the kernels).
TOL = {numpy.float16: dict(atol=5e-3, rtol=5e-3), numpy.float32: dict(atol=1e-5, rtol=1e-5),
       numpy.float64: dict(atol=1e-10, rtol=1e-10)}
SUM_TOL = {numpy.float16: dict(atol=3e-2, rtol=3e-2),
           numpy.float32: dict(atol=1e-4, rtol=1e-4),
           numpy.float64: dict(atol=1e-9, rtol=1e-9)}


@pytest.fixture
def requested(monkeypatch):
    """The names the functions request through ``chainer.cuda.kernel`` during the test."""
    names = []
    real = cuda.kernel

    def recording(name):
        names.append(name)
        return real(name)
    monkeypatch.setattr(cuda, 'kernel', recording)
    return names


def _data(shape, dtype, seed=0, low=-2, high=2):
    rng = numpy.random.RandomState(seed)
    x = numpy.asarray(rng.uniform(low, high, shape)).astype(dtype)
    x[numpy.abs(x) < 0.05] = 0.5  # keep away from the kinks of relu-like functions
    return x


def _distinct(shape, dtype, seed=0):
    # distinct values (a unique maximum per pooling window), exact in float16
    x = numpy.random.RandomState(seed).permutation(int(numpy.prod(shape))).reshape(shape)
    return (x / x.size).astype(dtype)


def _move(a, gpu):
    return cuda.to_gpu(a) if gpu else a.copy()


def _forward(func, inputs, gpu):
    """Variables of ``inputs`` (on the GPU or copied) and the tuple of ``func``'s outputs."""
    xs = [chainer.Variable(_move(a, gpu)) for a in inputs]
    out = func(*xs)
    return xs, out if isinstance(out, tuple) else (out,)


def _backward(xs, outs, grads, gpu):
    """Backprops ``grads`` from every output at once; returns (outputs, input gradients)
    on the host."""
    for o, g in zip(outs, grads):
        o.grad = _move(g, gpu)
    outs[0].backward()
    return ([cuda.to_cpu(o.data) for o in outs],
            [None if x.grad is None else cuda.to_cpu(x.grad) for x in xs])


def compare(func, inputs, requested, expected, tol, seed=7):
    """Runs ``func`` on numpy and on GPU copies of ``inputs``; checks that the GPU run
    requested the ``expected`` kernels and matches the numpy run (forward outputs and
    the gradient of every input)."""
    dtype = next(a.dtype.type for a in inputs if a.dtype.kind == 'f')
    xs, outs = _forward(func, inputs, gpu=False)
    grads = [_data(o.shape, dtype, seed + i) for i, o in enumerate(outs)]
    cpu_outs, cpu_grads = _backward(xs, outs, grads, gpu=False)
    del requested[:]
    xs, outs = _forward(func, inputs, gpu=True)
    gpu_outs, gpu_grads = _backward(xs, outs, grads, gpu=True)
    missing = set(expected) - set(requested)
    assert not missing, 'kernels not requested: {} (requested {})'.format(missing, requested)
    for actual, want in zip(gpu_outs + gpu_grads, cpu_outs + cpu_grads):
        if want is None:
            assert actual is None
        else:
            testing.assert_allclose(actual, want, **tol[dtype])


# (kernel prefix, chainer function on one input)
ELEMENTWISE = [
    ('relu', lambda x: F.relu(x, use_cudnn=False)),
    ('sigmoid', lambda x: F.sigmoid(x, use_cudnn=False)),
    ('tanh', lambda x: F.tanh(x, use_cudnn=False)),
    ('elu', lambda x: F.elu(x, alpha=0.7)),
    ('leaky_relu', lambda x: F.leaky_relu(x, slope=0.1)),
    ('clipped_relu', lambda x: F.clipped_relu(x, z=1.5)),
    ('softplus', lambda x: F.softplus(x, beta=2.0)),
    ('hard_sigmoid', lambda x: F.hard_sigmoid(x)),
    ('clip', lambda x: F.clip(x, -1.0, 1.5)),
]


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('name,func', ELEMENTWISE)
def test_elementwise_kernels(name, func, dtype, requested):
    compare(func, [_data((3, 4), dtype)], requested, {name + '_fwd', name + '_bwd'}, TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_abs_and_sqrt_backward_kernels(dtype, requested):
    compare(F.absolute, [_data((3, 4), dtype)], requested, {'abs_bwd'}, TOL)
    compare(F.sqrt, [numpy.abs(_data((3, 4), dtype)) + dtype(0.5)], requested,
            {'sqrt_bwd'}, TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('batch', [2, 1])
def test_lstm_kernels(dtype, batch, requested):
    c_prev, x = _data((2, 3, 2), dtype), _data((batch, 12, 2), dtype, seed=1)
    compare(F.lstm, [c_prev, x], requested, {'lstm_fwd', 'lstm_bwd'}, TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('shape,axis', [((3, 5), 1), ((2, 4, 3), 1), ((2, 3, 200), 2),
                                        ((2, 3, 4), -1)])
def test_softmax_kernels(dtype, shape, axis, requested):
    compare(lambda v: F.softmax(v, use_cudnn=False, axis=axis), [_data(shape, dtype)],
            requested, {'softmax_fwd', 'softmax_bwd'}, SUM_TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('shape', [(3, 5), (2, 4, 3), (2, 200)])
def test_log_softmax_kernels(dtype, shape, requested):
    compare(lambda v: F.log_softmax(v, use_cudnn=False), [_data(shape, dtype)], requested,
            {'log_softmax_fwd', 'log_softmax_bwd'}, SUM_TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('ldtype', [numpy.int32, numpy.int64])
@pytest.mark.parametrize('normalize,cache_score,weighted', [
    (True, True, False), (False, False, False), (True, True, True)])
def test_softmax_cross_entropy_kernels(dtype, ldtype, normalize, cache_score, weighted,
                                       requested):
    x = _data((4, 3, 2), dtype)
    t = numpy.array([[0, 2], [1, -1], [2, 2], [-1, 0]], dtype=ldtype)
    weight = numpy.array([0.5, 2.0, 1.0], dtype=dtype) if weighted else None

    def func(a, b):
        if isinstance(a.data, numpy.ndarray) or weight is None:
            w = weight
        else:
            w = cuda.to_gpu(weight)
        return F.softmax_cross_entropy(a, b, use_cudnn=False, normalize=normalize,
                                       cache_score=cache_score, class_weight=w)
    expected = {'log_softmax_fwd', 'softmax_cross_entropy_fwd', 'softmax_cross_entropy_bwd'}
    if not cache_score:
        expected.add('softmax_fwd')
    compare(func, [x, t], requested, expected, SUM_TOL)


def _conv_cases():
    return [(F.convolution_2d, dict(stride=2, pad=1), 2),
            (F.convolution_2d, dict(stride=1, pad=0, cover_all=True), 2),
            (F.dilated_convolution_2d, dict(stride=1, pad=2, dilate=2), 2),
            (F.convolution_nd, dict(stride=2, pad=1), 1),
            (F.convolution_nd, dict(stride=(1, 2, 1), pad=(1, 0, 1)), 3)]


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('with_bias', [True, False])
@pytest.mark.parametrize('conv,kwargs,nd', _conv_cases())
def test_convolution_uses_im2col_col2im(conv, kwargs, nd, with_bias, dtype, requested):
    x = _data((2, 3) + (5,) * nd, dtype)
    W = _data((4, 3) + (3,) * nd, dtype, seed=1)
    inputs = [x, W] + ([_data((4,), dtype, seed=2)] if with_bias else [])
    compare(lambda *a: conv(*a, use_cudnn=False, **kwargs), inputs, requested,
            {'im2col_nd', 'col2im_nd'}, SUM_TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('nd', [1, 2, 3])
def test_deconvolution_uses_col2im_im2col(dtype, nd, requested):
    x = _data((2, 3) + (4,) * nd, dtype)
    W = _data((3, 2) + (3,) * nd, dtype, seed=1)
    b = _data((2,), dtype, seed=2)
    compare(lambda *a: F.deconvolution_nd(*a, stride=2, pad=1), [x, W, b], requested,
            {'col2im_nd', 'im2col_nd'}, SUM_TOL)
    if nd == 2:
        compare(lambda *a: F.deconvolution_2d(*a, stride=2, pad=1), [x, W, b], requested,
                {'col2im_nd', 'im2col_nd'}, SUM_TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('nd', [1, 2, 3])
@pytest.mark.parametrize('cover_all', [True, False])
def test_max_pooling_kernels(dtype, nd, cover_all, requested):
    x = _distinct((2, 2) + (5,) * nd, dtype)
    compare(lambda v: F.max_pooling_nd(v, 3, 2, 1, cover_all=cover_all, use_cudnn=False),
            [x], requested, {'max_pooling_fwd', 'max_pooling_bwd'}, TOL)
    if nd == 2:
        compare(lambda v: F.max_pooling_2d(v, 2, cover_all=cover_all, use_cudnn=False),
                [x], requested, {'max_pooling_fwd', 'max_pooling_bwd'}, TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_max_pooling_indexes_feed_upsampling(dtype, requested):
    x = _distinct((2, 2, 4, 4), dtype)
    pool = F.MaxPooling2D(2, 2, use_cudnn=False)
    y = pool(chainer.Variable(cuda.to_gpu(x)))
    up = F.upsampling_2d(y, pool.indexes, 2, 2, outsize=(4, 4))
    ref_pool = F.MaxPooling2D(2, 2, use_cudnn=False)
    ref = F.upsampling_2d(ref_pool(chainer.Variable(x)), ref_pool.indexes, 2, 2,
                          outsize=(4, 4))
    testing.assert_allclose(cuda.to_cpu(up.data), ref.data, **TOL[dtype])
    assert 'max_pooling_fwd' in requested


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('nd', [1, 2, 3])
def test_average_pooling_kernels(dtype, nd, requested):
    x = _data((2, 2) + (5,) * nd, dtype)
    compare(lambda v: F.average_pooling_nd(v, 3, 2, 1, use_cudnn=False), [x], requested,
            {'average_pooling_fwd', 'average_pooling_bwd'}, SUM_TOL)
    if nd == 2:
        compare(lambda v: F.average_pooling_2d(v, 2, use_cudnn=False), [x], requested,
                {'average_pooling_fwd', 'average_pooling_bwd'}, SUM_TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('shape', [(2, 7, 2, 3), (3, 4)])
def test_lrn_kernels(dtype, shape, requested):
    compare(lambda v: F.local_response_normalization(v, 5, 2, 1e-2, .75),
            [_data(shape, dtype)], requested, {'lrn_fwd', 'lrn_bwd'}, SUM_TOL)


def _bn_inputs(dtype, shape, param_shape):
    return [_data(shape, dtype), _data(param_shape, dtype, seed=1) + dtype(2),
            _data(param_shape, dtype, seed=2)]


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('shape,param_shape', [((4, 3, 2), (3,)), ((5, 3), (3,)),
                                               ((2, 3, 2, 2), (3, 2))])
def test_batch_normalization_kernels(dtype, shape, param_shape, requested):
    stats = {}

    def func(x, gamma, beta):
        xp = cuda.get_array_module(x.data)
        # the running averages are updated in place: one pair per device
        mean, var = stats.setdefault(xp, (xp.zeros(param_shape, dtype),
                                          xp.ones(param_shape, dtype)))
        return F.batch_normalization(x, gamma, beta, running_mean=mean, running_var=var,
                                     use_cudnn=False)
    compare(func, _bn_inputs(dtype, shape, param_shape), requested,
            {'batch_norm_fwd', 'batch_norm_bwd'}, SUM_TOL)
    for host, device in zip(stats[numpy], stats[cuda.cupy]):
        testing.assert_allclose(cuda.to_cpu(device), host, **SUM_TOL[dtype])


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_fixed_batch_normalization_kernel(dtype, requested):
    inputs = _bn_inputs(dtype, (4, 3, 2), (3,))
    inputs += [_data((3,), dtype, seed=3), numpy.abs(_data((3,), dtype, seed=4))]
    compare(lambda *a: F.fixed_batch_normalization(*a, use_cudnn=False), inputs,
            requested, {'batch_norm_inference'}, SUM_TOL)


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
def test_dropout_kernel(dtype, requested):
    x = chainer.Variable(cuda.to_gpu(_data((200, 50), dtype)))
    y = F.dropout(x, 0.25)
    assert requested == ['dropout_fwd']
    gy = cuda.cupy.ones_like(x.data)
    y.grad = gy
    y.backward()
    xh, yh, gxh = (cuda.to_cpu(a) for a in (x.data, y.data, x.grad))
    kept = gxh != 0
    assert 0.65 < kept.mean() < 0.85
    testing.assert_allclose(gxh[kept], numpy.full(kept.sum(), 1 / 0.75, dtype), **TOL[dtype])
    testing.assert_allclose(yh[kept], xh[kept] / dtype(0.75), **TOL[dtype])
    assert not yh[~kept].any()
    assert y.data.dtype == dtype and x.grad.dtype == dtype


@attr.gpu
@pytest.mark.parametrize('dtype', FLOATS)
@pytest.mark.parametrize('idtype', [numpy.int32, numpy.int64])
def test_scatter_add_through_embed_id(dtype, idtype, requested):
    ids = numpy.array([[0, 2, 2], [1, 2, 0]], dtype=idtype)
    W = _data((4, 3), dtype)
    compare(lambda i, w: F.embed_id(i, w), [ids, W], requested, {'scatter_add'}, SUM_TOL)


# ---- cuDNN paths (use_cudnn=True with cuDNN enabled) ----

CUDNN_CASES = [
    (lambda x: F.relu(x), (2, 3, 4, 4), {'cudnn_activation_forward',
                                         'cudnn_activation_backward'}),
    # v7 runs sigmoid and tanh on cuDNN only under use_cudnn='always' (or v1's True)
    (lambda x: F.sigmoid(x, use_cudnn=True), (2, 3, 4, 4), {'cudnn_activation_forward',
                                                            'cudnn_activation_backward'}),
    (lambda x: F.tanh(x, use_cudnn=True), (3, 4), {'cudnn_activation_forward',
                                                   'cudnn_activation_backward'}),
    (lambda x: F.softmax(x), (2, 3, 4), {'cudnn_softmax_forward', 'cudnn_softmax_backward'}),
    (lambda x: F.softmax(x, axis=-1), (2, 3, 4), {'cudnn_softmax_forward',
                                                  'cudnn_softmax_backward'}),
    (lambda x: F.log_softmax(x), (3, 5), {'cudnn_softmax_forward',
                                          'cudnn_softmax_backward'}),
    (lambda x: F.max_pooling_2d(x, 2, cover_all=False), (2, 3, 4, 4),
     {'cudnn_pooling_forward', 'cudnn_pooling_backward'}),
    (lambda x: F.average_pooling_2d(x, 3, 1, 1), (2, 3, 4, 4),
     {'cudnn_pooling_forward', 'cudnn_pooling_backward'}),
    (lambda x: F.max_pooling_nd(x, 2, cover_all=False), (2, 3, 4, 4, 4),
     {'cudnn_pooling_forward', 'cudnn_pooling_backward'}),
]


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('func,shape,expected', CUDNN_CASES)
def test_cudnn_paths_of_one_input_functions(func, shape, expected, dtype, requested):
    # distinct values, none exactly at relu's kink
    compare(func, [_distinct(shape, dtype) - dtype(0.49)], requested, expected, SUM_TOL)


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('with_bias', [True, False])
def test_cudnn_convolution(dtype, with_bias, requested):
    x = _data((2, 3, 5, 5), dtype)
    W = _data((4, 3, 3, 3), dtype, seed=1)
    inputs = [x, W] + ([_data((4,), dtype, seed=2)] if with_bias else [])
    compare(lambda *a: F.convolution_2d(*a, stride=2, pad=1), inputs, requested,
            {'cudnn_convolution_forward', 'cudnn_convolution_backward'}, SUM_TOL)


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_cudnn_softmax_cross_entropy(dtype, requested):
    x = _data((4, 3), dtype)
    t = numpy.array([0, 2, -1, 1], dtype=numpy.int32)
    compare(lambda a, b: F.softmax_cross_entropy(a, b), [x, t], requested,
            {'cudnn_softmax_forward', 'softmax_cross_entropy_fwd'}, SUM_TOL)


@attr.cudnn
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
@pytest.mark.parametrize('shape', [(4, 3, 2, 2), (5, 3)])
def test_cudnn_batch_normalization(dtype, shape, requested):
    compare(lambda *a: F.batch_normalization(*a), _bn_inputs(dtype, shape, (3,)), requested,
            {'cudnn_batch_normalization_forward_training',
             'cudnn_batch_normalization_backward'}, SUM_TOL)
    inputs = _bn_inputs(dtype, shape, (3,))
    inputs += [_data((3,), dtype, seed=3), numpy.abs(_data((3,), dtype, seed=4))]
    compare(lambda *a: F.fixed_batch_normalization(*a), inputs, requested,
            {'cudnn_batch_normalization_forward_inference'}, SUM_TOL)


# ---- the other scatter-adds (chainer.functions.array._add_at), all GPU-side ----

@attr.gpu
@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_scatter_add_through_roi_functions(dtype, requested):
    x = _distinct((2, 3, 8, 8), dtype)
    rois = numpy.array([[0, 1, 1, 6, 6], [1, 0, 2, 7, 5], [0, 1, 1, 6, 6]], dtype)
    compare(lambda a: F.roi_pooling_2d(a, _like(a, rois), 2, 2, 1.0), [x], requested,
            {'scatter_add'}, SUM_TOL)
    boxes = numpy.array([[1, 1, 6, 6], [2, 0, 5, 7], [1, 1, 6, 6]], dtype)
    indices = numpy.array([0, 1, 0], numpy.int32)
    compare(lambda a: F.roi_average_align_2d(a, _like(a, boxes), _like(a, indices), 2,
                                             1.0, 2), [x], requested, {'scatter_add'},
            SUM_TOL)


def _like(variable, array):
    """``array`` on the device of ``variable`` (the other operands of a function must
    live where its data does: a GPU run found host ROIs refused)."""
    return cuda.get_array_module(variable).asarray(array)


@attr.gpu
def test_scatter_add_through_sampled_losses(requested):
    dtype = numpy.float32
    x, W = _data((3, 4), dtype), _data((5, 4), dtype, 1)
    t = numpy.array([0, 2, 2], numpy.int32)
    samples = numpy.array([[0, 1, 3], [2, 2, 4], [0, 4, 1]], numpy.int32)
    compare(lambda a, w: F.black_out(a, _like(a, t), w, _like(a, samples)), [x, W],
            requested, {'scatter_add'}, SUM_TOL)


@attr.gpu
def test_hierarchical_softmax_and_sparse_matmul_on_the_gpu():
    import chainer.links as L
    from chainer import utils
    dtype = numpy.float32
    tree = L.BinaryHierarchicalSoftmax.create_huffman_tree({0: 5, 1: 3, 2: 2, 3: 1})
    x, t = _data((4, 3), dtype), numpy.array([0, 1, 3, 1], numpy.int32)
    results = []
    for gpu in (False, True):
        link = L.BinaryHierarchicalSoftmax(3, tree)
        link.W.array[...] = _data(link.W.shape, dtype, 2)
        xv = chainer.Variable(_move(x, gpu))
        if gpu:
            link.to_gpu()
        loss = link(xv, _move(t, gpu))
        loss.backward()
        results.append([cuda.to_cpu(a) for a in (loss.array, xv.grad, link.W.grad)])
    for a, b in zip(*results):
        testing.assert_allclose(a, b, atol=1e-5, rtol=1e-5)
    dense = numpy.array([[1, 0, 2], [0, 0, 3], [4, 0, 0]], dtype)
    b = _data((3, 2), dtype, 3)
    sp = utils.to_coo(cuda.to_gpu(dense))
    y = F.sparse_matmul(sp, chainer.Variable(cuda.to_gpu(b)))
    testing.assert_allclose(cuda.to_cpu(y.array), dense.dot(b), atol=1e-5, rtol=1e-5)
