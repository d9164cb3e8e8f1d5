"""CaffeFunction called as v7 code calls it (no ``train=``: the phase follows
``chainer.config.train``, and the layers use the configuration instead of v1's
per-call switches), and the v7 loading of a legacy-shaped Deconvolution weight."""
import warnings
from unittest import mock

import numpy

import chainer
import chainer.functions as F
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets


def _load(tmp_path, net):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return CaffeFunction(net.save(tmp_path / 'net.caffemodel'))


def _one_layer(layer_type, bottoms, tops, blobs=(), **params):
    net = _nets.Net({})
    net.layer('l1', layer_type, bottoms, tops, blobs=blobs, **params)
    return net


def _x(*shape):
    return numpy.random.RandomState(0).uniform(-1, 1, shape).astype(numpy.float32)


def test_the_phase_follows_the_configuration_without_train(tmp_path):
    func = _load(tmp_path, _one_layer('Dropout', 'x', 'y',
                                      dropout_param=dict(dropout_ratio=0.5)))
    x = _x(4, 50)
    with chainer.using_config('train', False):
        y, = func(inputs={'x': x}, outputs=['y'])
    numpy.testing.assert_array_equal(y.data, x)  # TEST: identity
    assert func.train is False
    y, = func(inputs={'x': x}, outputs=['y'])  # config.train is True by default
    assert func.train is True
    dropped = y.data == 0
    assert dropped.any() and not dropped.all()
    numpy.testing.assert_allclose(y.data[~dropped], 2 * x[~dropped], rtol=1e-6)
    # an explicit train= wins over the configuration (v1)
    with chainer.using_config('train', False):
        y, = func(inputs={'x': x}, outputs=['y'], train=True)
    assert (y.data == 0).any()


def test_switches_come_from_the_configuration_without_train(tmp_path):
    func = _load(tmp_path, _one_layer('Dropout', 'x', 'y',
                                      dropout_param=dict(dropout_ratio=0.25)))
    x = chainer.Variable(_x(2, 3))
    with mock.patch('chainer.functions.dropout') as patched:
        with chainer.using_config('train', False):
            func(inputs={'x': x}, outputs=['y'])
    patched.assert_called_once_with(x, ratio=0.25)  # v7's call
    with mock.patch('chainer.functions.dropout') as patched:
        func(inputs={'x': x}, outputs=['y'], train=False)
    patched.assert_called_once_with(x, ratio=0.25, train=False)  # v1's call


def test_softmax_engine_by_configuration_or_by_argument(tmp_path):
    func = _load(tmp_path, _one_layer('Softmax', 'x', 'y',
                                      softmax_param=dict(engine=1)))  # CAFFE
    x = chainer.Variable(_x(2, 3))
    seen = []

    def fake_softmax(v, **kwargs):
        seen.append((kwargs, chainer.config.use_cudnn))
        return v
    with mock.patch('chainer.functions.softmax', fake_softmax):
        func(inputs={'x': x}, outputs=['y'])
        func(inputs={'x': x}, outputs=['y'], train=False)
    assert seen[0] == ({}, 'never')
    assert seen[1][0] == {'use_cudnn': False}
    y, = func(inputs={'x': x}, outputs=['y'])
    numpy.testing.assert_allclose(y.data, F.softmax(x).data, rtol=1e-6)


def test_global_pooling_and_reshape_compute_caffes_results(tmp_path):
    net = _nets.Net({})
    net.layer('pool', 'Pooling', 'x', 'p', pooling_param=dict(pool=1,
                                                              global_pooling=True))
    net.layer('flat', 'Reshape', 'p', 'y', reshape_param=dict(shape=dict(dim=[0, -1])))
    func = _load(tmp_path, net)
    x = _x(2, 3, 4, 5)
    y, = func(inputs={'x': x}, outputs=['y'])
    numpy.testing.assert_allclose(y.data, x.mean(axis=(2, 3)), rtol=1e-5)


def test_a_deconvolution_weight_with_legacy_num_and_channels_only(tmp_path):
    # Caffe's grouped deconvolution blob (C_in, out / group, kh, kw) = (6, 4, 2, 2)
    # declared with num and channels only and no num_output: v7 read it so
    net = _nets.Net({})
    layer = net.layer('l1', 'Deconvolution', 'x', 'y', convolution_param=dict(
        kernel_size=[2], stride=[1], group=3, bias_term=False))
    blob = layer.blobs.add()
    blob.num, blob.channels = 6, 4
    values = numpy.arange(96, dtype=numpy.float32)
    blob.data.extend(values.tolist())
    func = _load(tmp_path, net)
    W = func.l1.W.data
    assert W.shape == (6, 12, 2, 2)
    blocks = values.reshape(6, 4, 2, 2)
    for g in range(3):
        numpy.testing.assert_array_equal(W[2 * g:2 * g + 2, 4 * g:4 * g + 4],
                                         blocks[2 * g:2 * g + 2])
    assert W[0:2, 4:12].max() == 0
    x = _x(1, 6, 3, 3)
    y, = func(inputs={'x': x}, outputs=['y'])
    assert y.shape == (1, 12, 4, 4)
