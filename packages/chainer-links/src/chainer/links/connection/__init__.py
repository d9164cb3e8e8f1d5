"""Learnable connections."""
from chainer.links.connection.bias import Bias
from chainer.links.connection.bilinear import Bilinear
from chainer.links.connection.convolution_2d import Convolution2D
from chainer.links.connection.convolution_nd import Convolution1D, Convolution3D
from chainer.links.connection.convolution_nd import ConvolutionND
from chainer.links.connection.deconvolution_2d import Deconvolution2D
from chainer.links.connection.deconvolution_nd import Deconvolution1D, Deconvolution3D
from chainer.links.connection.deconvolution_nd import DeconvolutionND
from chainer.links.connection.deformable_convolution_2d import DeformableConvolution2D
from chainer.links.connection.depthwise_convolution_2d import DepthwiseConvolution2D
from chainer.links.connection.dilated_convolution_2d import DilatedConvolution2D
from chainer.links.connection.embed_id import EmbedID
from chainer.links.connection.gru import GRU, StatefulGRU, StatelessGRU
from chainer.links.connection.highway import Highway
from chainer.links.connection.inception import Inception
from chainer.links.connection.inceptionbn import InceptionBN
from chainer.links.connection.linear import Linear
from chainer.links.connection.local_convolution_2d import LocalConvolution2D
from chainer.links.connection.lstm import LSTM, StatelessLSTM
from chainer.links.connection.mgu import StatefulMGU, StatelessMGU
from chainer.links.connection.mlp_convolution_2d import MLPConvolution2D
from chainer.links.connection.n_step_gru import NStepBiGRU, NStepGRU
from chainer.links.connection.n_step_lstm import NStepBiLSTM, NStepLSTM
from chainer.links.connection.n_step_rnn import (
    NStepBiRNNReLU, NStepBiRNNTanh, NStepRNNReLU, NStepRNNTanh)
from chainer.links.connection.parameter import Parameter
from chainer.links.connection.peephole import StatefulPeepholeLSTM
from chainer.links.connection.scale import Scale
from chainer.links.connection.tree_lstm import ChildSumTreeLSTM, NaryTreeLSTM
from chainer.links.connection.zoneoutlstm import StatefulZoneoutLSTM

__all__ = ['Bias', 'Bilinear', 'ChildSumTreeLSTM', 'Convolution1D', 'Convolution3D',
           'Deconvolution1D',
           'Deconvolution3D', 'DeformableConvolution2D', 'LocalConvolution2D',
           'Convolution2D', 'ConvolutionND', 'Deconvolution2D',
           'DeconvolutionND', 'DepthwiseConvolution2D', 'DilatedConvolution2D',
           'EmbedID', 'GRU', 'Highway', 'Inception', 'InceptionBN', 'LSTM', 'Linear',
           'MLPConvolution2D', 'NaryTreeLSTM', 'NStepBiGRU', 'NStepBiLSTM', 'NStepBiRNNReLU',
           'NStepBiRNNTanh', 'NStepGRU', 'NStepLSTM', 'NStepRNNReLU', 'NStepRNNTanh',
           'Parameter', 'Scale', 'StatefulGRU', 'StatefulMGU', 'StatefulPeepholeLSTM',
           'StatefulZoneoutLSTM', 'StatelessGRU', 'StatelessLSTM', 'StatelessMGU']
