"""Layer semantics checked against numpy references written from Caffe's layer code:
the configurations OpenCV does not honour, the TRAIN phase and losses."""
import hypothesis
import hypothesis.strategies as st
import numpy
import pytest

import chainer
from chainer import testing
from chainer.links.caffe import CaffeFunction
from chainer.links.caffe._layers import pooling

from caffe_tests import _nets


def _run(net, tmp_path, outputs, inputs=None, train=False):
    path = net.save(tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    inputs = net.input_arrays() if inputs is None else inputs
    ys = func({k: chainer.Variable(v) for k, v in inputs.items()}, outputs, train=train)
    return func, inputs, [y.data for y in ys]


def _caffe_pool_reference(x, method, k, s, p):
    """Caffe's PoolingLayer::Forward_cpu, loop for loop (one axis pair)."""
    n, c, h, w = x.shape
    oh = pooling.output_size(h, k[0], s[0], p[0])
    ow = pooling.output_size(w, k[1], s[1], p[1])
    y = numpy.empty((n, c, oh, ow))
    for i in range(oh):
        for j in range(ow):
            hs, ws = i * s[0] - p[0], j * s[1] - p[1]
            he, we = min(hs + k[0], h + p[0]), min(ws + k[1], w + p[1])
            size = (he - hs) * (we - ws)
            hs, ws, he, we = max(hs, 0), max(ws, 0), min(he, h), min(we, w)
            window = x[:, :, hs:he, ws:we]
            if method == pooling.MAX:
                y[:, :, i, j] = window.max(axis=(2, 3))
            else:
                y[:, :, i, j] = window.sum(axis=(2, 3)) / size
    return y


@st.composite
def _pool_axis(draw):
    """``(size, kernel, stride, pad)`` of one axis with Caffe's constraints: pad below
    the kernel, and stride at most the kernel so that every window starts inside."""
    k = draw(st.integers(1, 4))
    p = draw(st.integers(0, k - 1))
    s = draw(st.integers(1, k))
    size = draw(st.integers(max(1, k - 2 * p), 9))
    return size, k, s, p


@hypothesis.settings(max_examples=40, deadline=None)
@hypothesis.given(axis_h=_pool_axis(), axis_w=_pool_axis(),
                  method=st.sampled_from([pooling.MAX, pooling.AVE]))
def test_pooling_matches_caffe_loops(axis_h, axis_w, method):
    (h, kh, sh, ph), (w, kw, sw, pw) = axis_h, axis_w
    x = numpy.random.RandomState(h * 10 + w).standard_normal((1, 2, h, w))
    y = pooling.caffe_pooling_2d(chainer.Variable(x.astype(numpy.float32)), method,
                                 (kh, kw), (sh, sw), (ph, pw))
    expected = _caffe_pool_reference(x, method, (kh, kw), (sh, sw), (ph, pw))
    testing.assert_allclose(y.data, expected, atol=1e-5, rtol=1e-5)


def test_pooling_output_size_examples():
    # CaffeNet pool1: 55 -> 27; GoogLeNet pool1 3x3/2 on 112 -> 56 (ceil);
    # a padded case whose last window would start in the padding.
    assert pooling.output_size(55, 3, 2, 0) == 27
    assert pooling.output_size(112, 3, 2, 0) == 56
    assert pooling.output_size(7, 2, 2, 1) == 4


def test_concat_and_slice_legacy_dims(tmp_path):
    net = _nets.Net({'data': (2, 3, 4, 6)})
    net.layer('slice', 'Slice', 'data', ['a', 'b'], slice_param=dict(slice_dim=3,
                                                                     slice_point=[2]))
    net.layer('cat', 'Concat', ['b', 'a'], 'out', concat_param=dict(concat_dim=3))
    _, inputs, (y,) = _run(net, tmp_path, ['out'])
    x = inputs['data']
    testing.assert_allclose(y, numpy.concatenate([x[..., 2:], x[..., :2]], axis=3))


def test_inner_product_transpose(tmp_path):
    net = _nets.Net({'data': (2, 5, 1, 1)})
    w, b = net.randn(5, 6), net.randn(6)
    net.layer('out', 'InnerProduct', 'data', 'out', blobs=[w, b],
              inner_product_param=dict(num_output=6, transpose=True))
    _, inputs, (y,) = _run(net, tmp_path, ['out'])
    testing.assert_allclose(y, inputs['data'].reshape(2, 5) @ w + b, atol=1e-5,
                            rtol=1e-5)


def test_inner_product_legacy_4d_weight_blob(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    w = net.randn(4, 3)
    layer = net.layer('out', 'InnerProduct', 'data', 'out',
                      inner_product_param=dict(num_output=4, bias_term=False))
    layer.blobs.append(_nets.blob_proto(w, legacy_shape=True))
    _, inputs, (y,) = _run(net, tmp_path, ['out'])
    testing.assert_allclose(y, inputs['data'] @ w.T, atol=1e-5, rtol=1e-5)


@pytest.mark.parametrize('dims,axis,num_axes,expected', [
    ([2, 2, 4], 0, -1, (2, 2, 4)),
    ([0, 2, -1], 0, -1, (2, 2, 4)),
    ([2, 4], 1, -1, (2, 2, 4)),
    ([2, 4], -2, -1, (2, 2, 4)),
    ([1, 2], 0, 1, (1, 2, 8)),
    ([1], 0, 0, (1, 2, 8)),
    ([1], 1, 0, (2, 1, 8)),
])
def test_reshape_follows_caffe_examples(tmp_path, dims, axis, num_axes, expected):
    # The examples of ReshapeParameter's documentation, on a 2 x 8 input.
    net = _nets.Net({'data': (2, 8)})
    net.layer('out', 'Reshape', 'data', 'out',
              reshape_param=dict(shape=dict(dim=dims), axis=axis, num_axes=num_axes))
    _, inputs, (y,) = _run(net, tmp_path, ['out'])
    assert y.shape == expected
    testing.assert_allclose(y.ravel(), inputs['data'].ravel())


def test_scale_with_second_bottom_and_bias_layers(tmp_path):
    net = _nets.Net({'data': (2, 3, 4, 5), 'factor': (3, 4)})
    b = net.randn(3, 4)
    net.layer('scale', 'Scale', ['data', 'factor'], 's', blobs=[b],
              scale_param=dict(bias_term=True))
    c = net.randn(5)
    net.layer('bias', 'Bias', 's', 'out', blobs=[c], bias_param=dict(axis=-1))
    net.layer('bias2', 'Bias', ['out', 'factor'], 'out2')
    func, inputs, (y, y2) = _run(net, tmp_path, ['out', 'out2'])
    x, f = inputs['data'], inputs['factor']
    expected = x * f[:, :, None] + b[:, :, None] + c
    testing.assert_allclose(y, expected, atol=1e-5, rtol=1e-5)
    testing.assert_allclose(y2, expected + f[:, :, None], atol=1e-5, rtol=1e-5)
    assert set(func._children) == {'scale', 'bias'}


def test_scale_scalar(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    net.layer('out', 'Scale', 'data', 'out', blobs=[numpy.array(1.5, numpy.float32)],
              scale_param=dict(num_axes=0))
    _, inputs, (y,) = _run(net, tmp_path, ['out'])
    testing.assert_allclose(y, inputs['data'] * 1.5)


def _log_softmax(x, axis):
    m = x.max(axis=axis, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=axis, keepdims=True))


@pytest.mark.parametrize('loss_param,divisor', [
    ({}, 'valid'), (dict(normalization=0), 'full'), (dict(normalization=2), 'batch'),
    (dict(normalization=3), 'none'), (dict(normalize=False), 'batch'),
])
def test_softmax_with_loss(tmp_path, loss_param, divisor):
    net = _nets.Net({'score': (3, 4, 2), 'label': (3, 2)})
    loss_param = dict(loss_param, ignore_label=1)
    net.layer('loss', 'SoftmaxWithLoss', ['score', 'label'], 'loss', loss_param=loss_param)
    inputs = net.input_arrays()
    inputs['label'] = numpy.array([[0, 1], [3, 2], [1, 1]], numpy.float32)
    _, _, (y,) = _run(net, tmp_path, ['loss'], inputs)
    logp = _log_softmax(inputs['score'].astype(numpy.float64), 1)
    labels = inputs['label'].astype(int)
    valid = labels != 1
    n, _, inner = inputs['score'].shape
    picked = numpy.take_along_axis(logp, labels[:, None, :], 1)[:, 0]
    total = -(picked * valid).sum()
    denominator = {'valid': valid.sum(), 'full': n * inner, 'batch': n, 'none': 1}
    assert y.shape == ()
    testing.assert_allclose(y, total / denominator[divisor], rtol=1e-5)


def test_accuracy_top_k_ignore_and_per_class(tmp_path):
    net = _nets.Net({'score': (4, 3), 'label': (4,)})
    net.layer('acc', 'Accuracy', ['score', 'label'], ['acc', 'per_class'],
              accuracy_param=dict(top_k=2, ignore_label=2))
    inputs = {'score': numpy.array([[3, 2, 1], [3, 2, 1], [1, 2, 3], [0, 5, -1]],
                                   numpy.float32),
              'label': numpy.array([1, 2, 0, 0], numpy.float32)}
    _, _, (acc, per_class) = _run(net, tmp_path, ['acc', 'per_class'], inputs)
    # Labels 1, 0, 0 count (2 is ignored); top-2 hits: yes, no (two higher), yes.
    testing.assert_allclose(acc, numpy.asarray(2.0 / 3))
    testing.assert_allclose(per_class, numpy.array([0.5, 1.0, 0.0]))


def test_dropout_train_and_test(tmp_path):
    net = _nets.Net({'data': (50, 40)})
    net.layer('drop', 'Dropout', 'data', 'out', dropout_param=dict(dropout_ratio=0.25))
    path = net.save(tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    x = numpy.ones((50, 40), numpy.float32)
    y, = func({'data': chainer.Variable(x)}, ['out'], train=True)
    kept = y.data != 0
    testing.assert_allclose(y.data[kept], numpy.full(kept.sum(), 1 / 0.75))
    assert 0.6 < kept.mean() < 0.9
    y, = func({'data': chainer.Variable(x)}, ['out'], train=False)
    testing.assert_allclose(y.data, x)


def test_batch_norm_train_uses_batch_and_updates_caffe_blobs(tmp_path):
    net = _nets.Net({'data': (4, 3, 2, 2)})
    mean, var = net.randn(3), numpy.abs(net.randn(3)) + 1
    net.layer('bn', 'BatchNorm', 'data', 'out',
              blobs=[mean, var, numpy.array([2.0], numpy.float32)],
              batch_norm_param=dict(moving_average_fraction=0.9, eps=1e-4))
    func, inputs, (y,) = _run(net, tmp_path, ['out'], train=True)
    x = inputs['data'].astype(numpy.float64)
    mu = x.mean(axis=(0, 2, 3))
    sigma2 = x.var(axis=(0, 2, 3))
    expected = (x - mu[:, None, None]) / numpy.sqrt(sigma2[:, None, None] + 1e-4)
    testing.assert_allclose(y, expected, atol=1e-4, rtol=1e-4)
    m = x.size // 3
    testing.assert_allclose(func.bn.mean, 0.9 * mean + mu, rtol=1e-5)
    testing.assert_allclose(func.bn.var, 0.9 * var + sigma2 * m / (m - 1), rtol=1e-5)
    testing.assert_allclose(func.bn.scale_factor, numpy.asarray(0.9 * 2.0 + 1), rtol=1e-6)
    # TEST uses the averages: blob / scale factor.
    y, = func({'data': chainer.Variable(inputs['data'])}, ['out'], train=False)
    avg_mean = func.bn.mean / func.bn.scale_factor
    avg_var = func.bn.var / func.bn.scale_factor
    expected = (x - avg_mean[:, None, None]) / numpy.sqrt(avg_var[:, None, None] + 1e-4)
    testing.assert_allclose(y.data, expected, atol=1e-4, rtol=1e-4)


def test_batch_norm_zero_scale_factor_means_zero_statistics(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    net.layer('bn', 'BatchNorm', 'data', 'out',
              blobs=[net.randn(3), net.randn(3) ** 2, numpy.zeros(1, numpy.float32)],
              batch_norm_param=dict(use_global_stats=True))
    _, inputs, (y,) = _run(net, tmp_path, ['out'], train=True)
    testing.assert_allclose(y, inputs['data'] / numpy.sqrt(1e-5), rtol=1e-5)


def test_double_data_blobs(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    w = net.randn(2, 3)
    layer = net.layer('out', 'InnerProduct', 'data', 'out',
                      inner_product_param=dict(num_output=2, bias_term=False))
    layer.blobs.append(_nets.blob_proto(w, double=True))
    _, inputs, (y,) = _run(net, tmp_path, ['out'])
    testing.assert_allclose(y, inputs['data'] @ w.T, atol=1e-5, rtol=1e-5)
