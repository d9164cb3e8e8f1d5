"""The v1 module layout of chainer.links: each link module of v1.24 (those whose links
exist here) is importable by its v1 path, defines its v1 classes, and is bound to
chainer.links itself, as v1's ``chainer/links/__init__.py`` did."""
import importlib

import pytest

import chainer.links as L

V1_MODULES = {
    'activation.maxout': ['Maxout'],
    'activation.prelu': ['PReLU'],
    'activation.simplified_dropconnect': ['SimplifiedDropconnect'],
    'connection.bias': ['Bias'],
    'connection.bilinear': ['Bilinear'],
    'connection.convolution_2d': ['Convolution2D'],
    'connection.convolution_nd': ['ConvolutionND'],
    'connection.deconvolution_2d': ['Deconvolution2D'],
    'connection.deconvolution_nd': ['DeconvolutionND'],
    'connection.depthwise_convolution_2d': ['DepthwiseConvolution2D'],
    'connection.dilated_convolution_2d': ['DilatedConvolution2D'],
    'connection.embed_id': ['EmbedID'],
    'connection.gru': ['GRU', 'StatefulGRU'],
    'connection.highway': ['Highway'],
    'connection.inception': ['Inception'],
    'connection.inceptionbn': ['InceptionBN'],
    'connection.linear': ['Linear'],
    'connection.lstm': ['LSTM', 'StatelessLSTM'],
    'connection.mlp_convolution_2d': ['MLPConvolution2D'],
    'connection.n_step_gru': ['NStepGRU', 'NStepBiGRU'],
    'connection.n_step_lstm': ['NStepLSTM', 'NStepBiLSTM'],
    'connection.n_step_rnn': ['NStepRNNTanh', 'NStepRNNReLU', 'NStepBiRNNTanh',
                              'NStepBiRNNReLU'],
    'connection.parameter': ['Parameter'],
    'connection.peephole': ['StatefulPeepholeLSTM'],
    'connection.scale': ['Scale'],
    'connection.zoneoutlstm': ['StatefulZoneoutLSTM'],
    'loss.black_out': ['BlackOut'],
    'loss.crf1d': ['CRF1d'],
    'loss.hierarchical_softmax': ['BinaryHierarchicalSoftmax'],
    'loss.negative_sampling': ['NegativeSampling'],
    'model.classifier': ['Classifier'],
    'normalization.batch_normalization': ['BatchNormalization'],
    'normalization.layer_normalization': ['LayerNormalization'],
}


@pytest.mark.parametrize('path', sorted(V1_MODULES))
def test_link_module_has_its_v1_path_and_classes(path):
    module = importlib.import_module('chainer.links.' + path)
    for name in V1_MODULES[path]:
        assert getattr(module, name) is getattr(L, name)


@pytest.mark.parametrize('path', sorted(V1_MODULES))
def test_link_module_is_an_attribute_of_chainer_links_as_in_v1(path):
    # What ``L.linear.Linear`` and ``from chainer.links import convolution_nd`` need.
    module_name = path.rsplit('.', 1)[1]
    assert getattr(L, module_name) is importlib.import_module('chainer.links.' + path)
