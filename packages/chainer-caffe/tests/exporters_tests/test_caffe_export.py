"""chainer.exporters.caffe: export a model, load it back with CaffeFunction and
compare the outputs; refusals of what Caffe would compute differently."""
import os

import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import testing
from chainer.exporters import caffe
from chainer.links.caffe import CaffeFunction
from chainer.links.caffe import caffe_pb2


class Net(chainer.Chain):
    """Every kind of layer the exporter writes, in one small net."""

    def __init__(self):
        super(Net, self).__init__()
        with self.init_scope():
            self.conv = L.Convolution2D(3, 4, 3, 1, 1)
            self.grouped = L.Convolution2D(4, 4, 1, groups=2, nobias=True)
            self.bn = L.BatchNormalization(4, eps=1e-3)
            self.deconv = L.Deconvolution2D(4, 2, 2, 2, 0)
            self.fc = L.Linear(None, 5)

    def forward(self, x):
        h = F.relu(self.conv(x))
        h = self.grouped(h) + h
        h = self.bn(h)
        h = F.max_pooling_2d(h, 3, 2)           # 7 -> 3 (Caffe's size too)
        h = F.local_response_normalization(h, n=3)
        h = F.leaky_relu(self.deconv(h), 0.2)   # 3 -> 6
        h = F.concat([F.elu(h, 0.5), F.tanh(h), F.sigmoid(h)])
        h = F.average_pooling_2d(h, 2, 2)       # 6 -> 3
        h = F.reshape(h, (1, -1))
        return F.softmax(self.fc(h))


def _trained_like(net):
    rng = numpy.random.RandomState(0)
    net.bn.avg_mean[:] = rng.uniform(-1, 1, 4)
    net.bn.avg_var[:] = rng.uniform(0.5, 2, 4)
    net.bn.gamma.data[:] = rng.uniform(0.5, 2, 4)
    net.bn.beta.data[:] = rng.uniform(-1, 1, 4)
    return net


def _input(shape=(1, 3, 7, 7)):
    return numpy.random.RandomState(1).uniform(-1, 1, shape).astype(numpy.float32)


def _round_trip(model, x, tmp_path):
    caffe.export(model, [x], str(tmp_path), graph_name='test')
    loaded = CaffeFunction(str(tmp_path / caffe.CAFFEMODEL_NAME))
    with chainer.using_config('train', False):
        expected = model(x)
    got, = loaded(inputs={'data': x}, outputs=[loaded.layers[-1][0]], train=False)
    return expected, got, loaded


def test_a_net_of_every_supported_layer_computes_the_same_after_loading(tmp_path):
    expected, got, loaded = _round_trip(_trained_like(Net()), _input(), tmp_path)
    assert got.shape == (1, 5)
    testing.assert_allclose(got.data, expected.data, atol=1e-6, rtol=1e-5)
    kinds = [name.rstrip('0123456789') for name, _, _ in loaded.layers]
    assert kinds == ['convolution', 'relu', 'convolution', 'eltwise', 'batchnorm', 'scale',
                     'pooling', 'lrn', 'deconvolution', 'relu', 'elu', 'tanh',
                     'sigmoid', 'concat', 'pooling', 'reshape', 'innerproduct',
                     'softmax']


def test_the_prototxt_is_the_net_without_its_blobs(tmp_path):
    from google.protobuf import text_format
    net = caffe.export(_trained_like(Net()), [_input()], str(tmp_path), True, 'g')
    with open(str(tmp_path / caffe.PROTOTXT_NAME)) as f:
        text = f.read()
    parsed = text_format.Parse(text, caffe_pb2.NetParameter())
    assert parsed.name == 'g'
    assert parsed.layer[0].type == 'Input'
    assert list(parsed.layer[0].input_param.shape[0].dim) == [1, 3, 7, 7]
    assert len(parsed.layer) == len(net.layer)
    for bare, full in zip(parsed.layer, net.layer):
        assert len(bare.blobs) == 0
        assert (bare.name, bare.type, list(bare.bottom)) == \
            (full.name, full.type, list(full.bottom))
    # Caffe's LRN divides alpha by the window: 1e-4 * 3
    lrn = [layer for layer in parsed.layer if layer.type == 'LRN'][0]
    assert lrn.lrn_param.local_size == 3
    assert lrn.lrn_param.alpha == pytest.approx(3e-4)


def test_parameters_are_the_blobs_of_the_caffemodel(tmp_path):
    net = _trained_like(Net())
    message = caffe.export(net, [_input()], None)
    conv = message.layer[1]
    assert [list(b.shape.dim) for b in conv.blobs] == [[4, 3, 3, 3], [4]]
    numpy.testing.assert_array_equal(
        numpy.array(conv.blobs[0].data, numpy.float32), net.conv.W.data.ravel())
    norm = [layer for layer in message.layer if layer.type == 'BatchNorm'][0]
    numpy.testing.assert_allclose(norm.blobs[0].data, net.bn.avg_mean, rtol=1e-6)
    numpy.testing.assert_allclose(norm.blobs[1].data, net.bn.avg_var, rtol=1e-6)
    assert list(norm.blobs[2].data) == [1.0]
    assert not os.listdir(str(tmp_path))  # directory=None wrote nothing


def test_without_params_only_the_prototxt_is_written(tmp_path):
    message = caffe.export(Net(), [_input()], str(tmp_path), export_params=False)
    assert sorted(os.listdir(str(tmp_path))) == [caffe.PROTOTXT_NAME]
    assert all(len(layer.blobs) == 0 for layer in message.layer)


def test_a_sum_of_the_input_with_itself_and_a_tuple_result(tmp_path):
    class Twice(chainer.Chain):
        def forward(self, x):
            return x + x, F.relu(x)

    x = _input((2, 3))
    message = caffe.export(Twice(), [chainer.Variable(x)], str(tmp_path))
    assert list(message.layer[1].bottom) == ['data', 'data']
    assert message.layer[1].eltwise_param.operation == caffe_pb2.EltwiseParameter.SUM
    loaded = CaffeFunction(str(tmp_path / caffe.CAFFEMODEL_NAME))
    doubled, = loaded(inputs={'data': x}, outputs=['eltwise1'])
    numpy.testing.assert_allclose(doubled.data, 2 * x)


def test_scale_and_bias_by_parameters_or_by_computed_blobs(tmp_path):
    class Model(chainer.Chain):
        def __init__(self):
            super(Model, self).__init__()
            with self.init_scope():
                self.affine = L.Scale(axis=1, W_shape=(3,), bias_term=True)
                self.gate = L.Convolution2D(3, 3, 1)

        def forward(self, x):
            h = self.affine(x)                  # Scale and Bias with blobs
            g = self.gate(h)
            return F.scale(h, F.sigmoid(g), axis=0) + F.bias(h, F.relu(g), axis=0)

    model = Model()
    model.affine.W.data[:] = [0.5, 2, -1]
    model.affine.bias.b.data[:] = [0.1, 0.2, 0.3]
    expected, got, loaded = _round_trip(model, _input((2, 3, 4, 4)), tmp_path)
    testing.assert_allclose(got.data, expected.data, atol=1e-6, rtol=1e-5)
    bottoms = {name.rstrip('0123456789'): b for name, b, _ in loaded.layers
               if len(b) == 2 and not name.startswith('eltwise')}
    assert set(bottoms) == {'scale', 'bias'}  # the computed second operands


def test_a_linear_weight_of_float64_is_written_as_float32(tmp_path):
    W = numpy.random.RandomState(2).uniform(-1, 1, (2, 3))

    class Model(chainer.Chain):
        def forward(self, x):
            return F.linear(x, W)

    x = _input((4, 3))
    expected, got, _ = _round_trip(Model(), x, tmp_path)
    testing.assert_allclose(got.data, x.dot(W.T.astype(numpy.float32)), rtol=1e-5)


@pytest.mark.parametrize('forward, message', [
    # Chainer's average pooling gives 3 columns of 7; Caffe rounds up to 4
    (lambda x: F.average_pooling_2d(x, 2, 2), 'output size'),
    (lambda x: F.local_response_normalization(x, n=4), 'odd window'),
    (lambda x: F.exp(x), 'no Caffe layer is written for it'),
    (lambda x: x + numpy.ones_like(x.data), 'no Caffe layer'),
    (lambda x: F.convolution_2d(x, numpy.ones((1, 3, 2, 2), numpy.float32),
                                cover_all=True), 'cover_all'),
    (lambda x: F.relu(chainer.Variable(numpy.ones((1, 3), numpy.float32))),
     'not computed from the exported input'),
])
def test_what_caffe_computes_differently_is_refused(forward, message):
    class Model(chainer.Chain):
        def forward(self, x):
            return forward(x)

    with pytest.raises(caffe.CaffeExportError, match=message):
        caffe.export(Model(), [_input()])


def test_the_net_takes_one_input():
    with pytest.raises(ValueError, match='one input'):
        caffe.export(Net(), [_input(), _input()])
    with pytest.raises(TypeError):
        caffe.export(Net(), _input())


def test_padded_pooling_where_caffe_computes_the_same_windows(tmp_path):
    class Model(chainer.Chain):
        def forward(self, x):
            # 7 -> 4 both ways: Caffe rounds up, Chainer's max pooling covers all
            # and its average pooling rounds down to the same size here
            return F.max_pooling_2d(x, 3, 2, 1) + F.average_pooling_2d(x, 3, 2, 1)

    expected, got, _ = _round_trip(Model(), _input(), tmp_path)
    assert got.shape == (1, 3, 4, 4)
    testing.assert_allclose(got.data, expected.data, atol=1e-6, rtol=1e-5)
