"""Standard functions (``chainer.functions``, imported as ``F``).

As in Chainer v1, each function lives in a module of its category subpackage
(``chainer.functions.connection.linear`` holds ``LinearFunction`` and ``linear``) and
the category ``__init__`` modules are empty, so that ``chainer.functions.<category>.<module>``
always names the module. This package imports the public names of every module.
``__path__`` is extended so that sibling distributions can add portions (chainer-caffe
ships the legacy ``chainer.functions.caffe`` alias).
"""
import importlib
import pkgutil

__path__ = pkgutil.extend_path(__path__, __name__)

# Chainer v1 modules that group several functions: v1 code reaches them as attributes
# (``F.basic_math``, ``F.exponential``, ...). Their functions live in one-concept modules.
from chainer.functions.loss import ctc
from chainer.functions.loss import vae
from chainer.functions.math import basic_math
from chainer.functions.math import exponential
from chainer.functions.math import exponential_m1
from chainer.functions.math import hyperbolic
from chainer.functions.math import logarithm_1p
from chainer.functions.math import minmax
from chainer.functions.math import trigonometric
from chainer.functions.normalization import l2_normalization

from chainer.functions.activation.clipped_relu import clipped_relu
from chainer.functions.activation.clipped_relu import ClippedReLU
from chainer.functions.activation.clipped_relu import relu6
from chainer.functions.activation.crelu import CReLU
from chainer.functions.activation.crelu import crelu
from chainer.functions.activation.elu import ELU
from chainer.functions.activation.elu import elu
from chainer.functions.activation.hard_sigmoid import hard_sigmoid
from chainer.functions.activation.hard_sigmoid import HardSigmoid
from chainer.functions.activation.leaky_relu import leaky_relu
from chainer.functions.activation.leaky_relu import LeakyReLU
from chainer.functions.activation.log_softmax import log_softmax
from chainer.functions.activation.log_softmax import LogSoftmax
from chainer.functions.activation.lstm import LSTM
from chainer.functions.activation.lstm import lstm
from chainer.functions.activation.maxout import Maxout
from chainer.functions.activation.maxout import maxout
from chainer.functions.activation.prelu import prelu
from chainer.functions.activation.prelu import PReLUFunction
from chainer.functions.activation.relu import ReLU
from chainer.functions.activation.relu import relu
from chainer.functions.activation.rrelu import rrelu
from chainer.functions.activation.rrelu import RReLU
from chainer.functions.activation.selu import selu
from chainer.functions.activation.sigmoid import Sigmoid
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.activation.slstm import SLSTM
from chainer.functions.activation.slstm import slstm
from chainer.functions.activation.softmax import Softmax
from chainer.functions.activation.softmax import softmax
from chainer.functions.activation.softplus import Softplus
from chainer.functions.activation.softplus import softplus
from chainer.functions.activation.swish import swish
from chainer.functions.activation.tanh import Tanh
from chainer.functions.activation.tanh import tanh
from chainer.functions.activation.tree_lstm import tree_lstm

from chainer.functions.array.as_strided import as_strided
from chainer.functions.array.as_strided import AsStrided
from chainer.functions.array.broadcast import Broadcast
from chainer.functions.array.broadcast import broadcast
from chainer.functions.array.broadcast import broadcast_to
from chainer.functions.array.broadcast import BroadcastTo
from chainer.functions.array.cast import Cast
from chainer.functions.array.cast import cast
from chainer.functions.array.concat import Concat
from chainer.functions.array.concat import concat
from chainer.functions.array.copy import Copy
from chainer.functions.array.copy import copy
from chainer.functions.array.depth2space import Depth2Space
from chainer.functions.array.depth2space import depth2space
from chainer.functions.array.diagonal import Diagonal
from chainer.functions.array.diagonal import diagonal
from chainer.functions.array.dstack import dstack
from chainer.functions.array.expand_dims import expand_dims
from chainer.functions.array.expand_dims import ExpandDims
from chainer.functions.array.flatten import flatten
from chainer.functions.array.flatten import Flatten
from chainer.functions.array.flip import Flip
from chainer.functions.array.flip import flip
from chainer.functions.array.fliplr import FlipLR
from chainer.functions.array.fliplr import fliplr
from chainer.functions.array.flipud import FlipUD
from chainer.functions.array.flipud import flipud
from chainer.functions.array.get_item import get_item
from chainer.functions.array.get_item import GetItem
from chainer.functions.array.hstack import hstack
from chainer.functions.array.im2col import Im2Col
from chainer.functions.array.im2col import im2col
from chainer.functions.array.moveaxis import Moveaxis
from chainer.functions.array.moveaxis import moveaxis
from chainer.functions.array.pad import Pad
from chainer.functions.array.pad import pad
from chainer.functions.array.pad_sequence import pad_sequence
from chainer.functions.array.pad_sequence import PadSequence
from chainer.functions.array.permutate import Permutate
from chainer.functions.array.permutate import permutate
from chainer.functions.array.repeat import Repeat
from chainer.functions.array.repeat import repeat
from chainer.functions.array.reshape import Reshape
from chainer.functions.array.reshape import reshape
from chainer.functions.array.resize_images import resize_images
from chainer.functions.array.resize_images import ResizeImages
from chainer.functions.array.rollaxis import Rollaxis
from chainer.functions.array.rollaxis import rollaxis
from chainer.functions.array.scatter_add import scatter_add
from chainer.functions.array.scatter_add import ScatterAdd
from chainer.functions.array.select_item import select_item
from chainer.functions.array.select_item import SelectItem
from chainer.functions.array.separate import Separate
from chainer.functions.array.separate import separate
from chainer.functions.array.space2depth import Space2Depth
from chainer.functions.array.space2depth import space2depth
from chainer.functions.array.spatial_transformer_grid import spatial_transformer_grid
from chainer.functions.array.spatial_transformer_grid import SpatialTransformerGrid
from chainer.functions.array.spatial_transformer_sampler import spatial_transformer_sampler
from chainer.functions.array.spatial_transformer_sampler import SpatialTransformerSampler
from chainer.functions.array.split_axis import split_axis
from chainer.functions.array.split_axis import SplitAxis
from chainer.functions.array.squeeze import Squeeze
from chainer.functions.array.squeeze import squeeze
from chainer.functions.array.stack import Stack
from chainer.functions.array.stack import stack
from chainer.functions.array.swapaxes import Swapaxes
from chainer.functions.array.swapaxes import swapaxes
from chainer.functions.array.tile import Tile
from chainer.functions.array.tile import tile
from chainer.functions.array.transpose import Transpose
from chainer.functions.array.transpose import transpose
from chainer.functions.array.transpose_sequence import transpose_sequence
from chainer.functions.array.transpose_sequence import TransposeSequence
from chainer.functions.array.vstack import vstack
from chainer.functions.array.where import Where
from chainer.functions.array.where import where

from chainer.functions.connection.bilinear import bilinear
from chainer.functions.connection.bilinear import BilinearFunction
from chainer.functions.connection.convolution_2d import Convolution2DFunction
from chainer.functions.connection.convolution_2d import convolution_2d
from chainer.functions.connection.convolution_nd import convolution_1d
from chainer.functions.connection.convolution_nd import convolution_3d
from chainer.functions.connection.convolution_nd import convolution_nd
from chainer.functions.connection.convolution_nd import ConvolutionND
from chainer.functions.connection.deconvolution_2d import Deconvolution2DFunction
from chainer.functions.connection.deconvolution_2d import deconvolution_2d
from chainer.functions.connection.deconvolution_nd import deconvolution_1d
from chainer.functions.connection.deconvolution_nd import deconvolution_3d
from chainer.functions.connection.deconvolution_nd import deconvolution_nd
from chainer.functions.connection.deconvolution_nd import DeconvolutionND
from chainer.functions.connection.deformable_convolution_2d_sampler import \
    deformable_convolution_2d_sampler
from chainer.functions.connection.depthwise_convolution_2d import depthwise_convolution_2d
from chainer.functions.connection.dilated_convolution_2d import dilated_convolution_2d
from chainer.functions.connection.dilated_convolution_2d import DilatedConvolution2DFunction
from chainer.functions.connection.embed_id import embed_id
from chainer.functions.connection.embed_id import EmbedIDFunction
from chainer.functions.connection.linear import linear
from chainer.functions.connection.local_convolution_2d import local_convolution_2d
from chainer.functions.connection.shift import shift
from chainer.functions.connection.linear import LinearFunction
from chainer.functions.connection.n_step_gru import n_step_bigru
from chainer.functions.connection.n_step_gru import n_step_gru
from chainer.functions.connection.n_step_gru import NStepBiGRU
from chainer.functions.connection.n_step_gru import NStepGRU
from chainer.functions.connection.n_step_lstm import n_step_bilstm
from chainer.functions.connection.n_step_lstm import n_step_lstm
from chainer.functions.connection.n_step_lstm import NStepBiLSTM
from chainer.functions.connection.n_step_lstm import NStepLSTM
from chainer.functions.connection.n_step_rnn import n_step_birnn
from chainer.functions.connection.n_step_rnn import n_step_rnn
from chainer.functions.connection.n_step_rnn import NStepBiRNNReLU
from chainer.functions.connection.n_step_rnn import NStepBiRNNTanh
from chainer.functions.connection.n_step_rnn import NStepRNNReLU
from chainer.functions.connection.n_step_rnn import NStepRNNTanh

from chainer.functions.evaluation.accuracy import Accuracy
from chainer.functions.evaluation.accuracy import accuracy
from chainer.functions.evaluation.binary_accuracy import binary_accuracy
from chainer.functions.evaluation.binary_accuracy import BinaryAccuracy
from chainer.functions.evaluation.classification_summary import classification_summary
from chainer.functions.evaluation.classification_summary import ClassificationSummary
from chainer.functions.evaluation.classification_summary import f1_score
from chainer.functions.evaluation.classification_summary import precision
from chainer.functions.evaluation.classification_summary import recall
from chainer.functions.evaluation.r2_score import R2_score
from chainer.functions.evaluation.r2_score import r2_score

from chainer.functions.loss.absolute_error import absolute_error
from chainer.functions.loss.absolute_error import AbsoluteError
from chainer.functions.loss.argmax_crf1d import argmax_crf1d
from chainer.functions.loss.argmax_crf1d import ArgmaxCRF1d
from chainer.functions.loss.bernoulli_nll import bernoulli_nll
from chainer.functions.loss.bernoulli_nll import BernoulliNLL
from chainer.functions.loss.black_out import black_out
from chainer.functions.loss.black_out import BlackOut
from chainer.functions.loss.connectionist_temporal_classification import (
    connectionist_temporal_classification)
from chainer.functions.loss.connectionist_temporal_classification import (
    ConnectionistTemporalClassification)
from chainer.functions.loss.contrastive import Contrastive
from chainer.functions.loss.contrastive import contrastive
from chainer.functions.loss.crf1d import CRF1d
from chainer.functions.loss.crf1d import crf1d
from chainer.functions.loss.cross_covariance import cross_covariance
from chainer.functions.loss.cross_covariance import CrossCovariance
from chainer.functions.loss.decov import DeCov
from chainer.functions.loss.decov import decov
from chainer.functions.loss.discriminative_loss import (
    discriminative_margin_based_clustering_loss)
from chainer.functions.loss.discriminative_loss import (
    DiscriminativeMarginBasedClusteringLoss)
from chainer.functions.loss.gaussian_kl_divergence import gaussian_kl_divergence
from chainer.functions.loss.gaussian_kl_divergence import GaussianKLDivergence
from chainer.functions.loss.gaussian_nll import gaussian_nll
from chainer.functions.loss.gaussian_nll import GaussianNLL
from chainer.functions.loss.hinge import Hinge
from chainer.functions.loss.hinge import hinge
from chainer.functions.loss.huber_loss import huber_loss
from chainer.functions.loss.huber_loss import HuberLoss
from chainer.functions.loss.mean_absolute_error import mean_absolute_error
from chainer.functions.loss.mean_absolute_error import MeanAbsoluteError
from chainer.functions.loss.mean_squared_error import mean_squared_error
from chainer.functions.loss.mean_squared_error import MeanSquaredError
from chainer.functions.loss.negative_sampling import negative_sampling
from chainer.functions.loss.negative_sampling import NegativeSamplingFunction
from chainer.functions.loss.sigmoid_cross_entropy import sigmoid_cross_entropy
from chainer.functions.loss.sigmoid_cross_entropy import SigmoidCrossEntropy
from chainer.functions.loss.softmax_cross_entropy import softmax_cross_entropy
from chainer.functions.loss.softmax_cross_entropy import SoftmaxCrossEntropy
from chainer.functions.loss.squared_error import squared_error
from chainer.functions.loss.squared_error import SquaredError
from chainer.functions.loss.triplet import Triplet
from chainer.functions.loss.triplet import triplet

from chainer.functions.math.absolute import abs
from chainer.functions.math.absolute import absolute
from chainer.functions.math.arccos import Arccos
from chainer.functions.math.arccos import arccos
from chainer.functions.math.arcsin import Arcsin
from chainer.functions.math.arcsin import arcsin
from chainer.functions.math.arctan import Arctan
from chainer.functions.math.arctan import arctan
from chainer.functions.math.arctan2 import arctan2
from chainer.functions.math.arctan2 import Arctan2
from chainer.functions.math.arctanh import arctanh
from chainer.functions.math.arctanh import Arctanh
from chainer.functions.math.argmax import ArgMax
from chainer.functions.math.argmax import argmax
from chainer.functions.math.argmin import ArgMin
from chainer.functions.math.argmin import argmin
from chainer.functions.math.average import Average
from chainer.functions.math.average import average
from chainer.functions.math.basic_math import add
from chainer.functions.math.batch_inv import batch_inv
from chainer.functions.math.batch_inv import BatchInv
from chainer.functions.math.batch_l2_norm_squared import batch_l2_norm_squared
from chainer.functions.math.batch_l2_norm_squared import BatchL2NormSquared
from chainer.functions.math.batch_matmul import batch_matmul
from chainer.functions.math.batch_matmul import BatchMatMul
from chainer.functions.math.bias import Bias
from chainer.functions.math.bias import bias
from chainer.functions.math.ceil import Ceil
from chainer.functions.math.ceil import ceil
from chainer.functions.math.cholesky import cholesky
from chainer.functions.math.cholesky import Cholesky
from chainer.functions.math.clip import Clip
from chainer.functions.math.clip import clip
from chainer.functions.math.cos import Cos
from chainer.functions.math.cos import cos
from chainer.functions.math.cosh import Cosh
from chainer.functions.math.cosh import cosh
from chainer.functions.math.cumprod import cumprod
from chainer.functions.math.cumprod import Cumprod
from chainer.functions.math.cumsum import cumsum
from chainer.functions.math.cumsum import Cumsum
from chainer.functions.math.det import batch_det
from chainer.functions.math.det import BatchDet
from chainer.functions.math.det import det
from chainer.functions.math.digamma import digamma
from chainer.functions.math.digamma import DiGamma
from chainer.functions.math.einsum import DiagEinSum
from chainer.functions.math.einsum import einsum
from chainer.functions.math.einsum import EinSum
from chainer.functions.math.erf import erf
from chainer.functions.math.erf import Erf
from chainer.functions.math.erfc import erfc
from chainer.functions.math.erfc import Erfc
from chainer.functions.math.erfcinv import erfcinv
from chainer.functions.math.erfcinv import ErfcInv
from chainer.functions.math.erfcx import erfcx
from chainer.functions.math.erfcx import Erfcx
from chainer.functions.math.erfinv import erfinv
from chainer.functions.math.erfinv import ErfInv
from chainer.functions.math.exp import Exp
from chainer.functions.math.exp import exp
from chainer.functions.math.exponential_m1 import Expm1
from chainer.functions.math.exponential_m1 import expm1
from chainer.functions.math.fft import fft
from chainer.functions.math.fft import FFT
from chainer.functions.math.fft import ifft
from chainer.functions.math.fix import fix
from chainer.functions.math.fix import Fix
from chainer.functions.math.floor import Floor
from chainer.functions.math.floor import floor
from chainer.functions.math.fmod import Fmod
from chainer.functions.math.fmod import fmod
from chainer.functions.math.identity import Identity
from chainer.functions.math.identity import identity
from chainer.functions.math.inv import Inv
from chainer.functions.math.inv import inv
from chainer.functions.math.lgamma import lgamma
from chainer.functions.math.lgamma import LGamma
from chainer.functions.math.linear_interpolate import linear_interpolate
from chainer.functions.math.linear_interpolate import LinearInterpolate
from chainer.functions.math.log import Log
from chainer.functions.math.log import log
from chainer.functions.math.log10 import Log10
from chainer.functions.math.log10 import log10
from chainer.functions.math.log1p import Log1p
from chainer.functions.math.log1p import log1p
from chainer.functions.math.log2 import Log2
from chainer.functions.math.log2 import log2
from chainer.functions.math.log_ndtr import log_ndtr
from chainer.functions.math.log_ndtr import LogNdtr
from chainer.functions.math.logsumexp import LogSumExp
from chainer.functions.math.logsumexp import logsumexp
from chainer.functions.math.matmul import MatMul
from chainer.functions.math.matmul import matmul
from chainer.functions.math.max import Max
from chainer.functions.math.max import max
from chainer.functions.math.maximum import Maximum
from chainer.functions.math.maximum import maximum
from chainer.functions.math.mean import mean
from chainer.functions.math.min import Min
from chainer.functions.math.min import min
from chainer.functions.math.minimum import Minimum
from chainer.functions.math.minimum import minimum
from chainer.functions.math.ndtr import ndtr
from chainer.functions.math.ndtr import Ndtr
from chainer.functions.math.ndtri import ndtri
from chainer.functions.math.ndtri import Ndtri
from chainer.functions.math.polygamma import polygamma
from chainer.functions.math.polygamma import PolyGamma
from chainer.functions.math.prod import prod
from chainer.functions.math.prod import Prod
from chainer.functions.math.rsqrt import Rsqrt
from chainer.functions.math.rsqrt import rsqrt
from chainer.functions.math.scale import Scale
from chainer.functions.math.scale import scale
from chainer.functions.math.sign import sign
from chainer.functions.math.sign import Sign
from chainer.functions.math.sin import Sin
from chainer.functions.math.sin import sin
from chainer.functions.math.sinh import Sinh
from chainer.functions.math.sinh import sinh
from chainer.functions.math.sparse_matmul import sparse_matmul
from chainer.functions.math.sqrt import Sqrt
from chainer.functions.math.sqrt import sqrt
from chainer.functions.math.square import Square
from chainer.functions.math.square import square
from chainer.functions.math.squared_difference import squared_difference
from chainer.functions.math.squared_difference import SquaredDifference
from chainer.functions.math.sum import Sum
from chainer.functions.math.sum import sum
from chainer.functions.math.sum import sum_to
from chainer.functions.math.sum import SumTo
from chainer.functions.math.tan import Tan
from chainer.functions.math.tan import tan
from chainer.functions.math.zeta import zeta
from chainer.functions.math.zeta import Zeta
from chainer.functions.math.tensordot import tensordot
from chainer.functions.math.tensordot import TensorDot

from chainer.functions.noise.dropout import Dropout
from chainer.functions.noise.dropout import dropout
from chainer.functions.noise.gaussian import Gaussian
from chainer.functions.noise.gaussian import gaussian
from chainer.functions.noise.gumbel_softmax import gumbel_softmax
from chainer.functions.noise.simplified_dropconnect import simplified_dropconnect
from chainer.functions.noise.simplified_dropconnect import SimplifiedDropconnect
from chainer.functions.noise.zoneout import Zoneout
from chainer.functions.noise.zoneout import zoneout

from chainer.functions.normalization.batch_normalization import batch_normalization
from chainer.functions.normalization.batch_normalization import BatchNormalizationFunction
from chainer.functions.normalization.batch_renormalization import batch_renormalization
from chainer.functions.normalization.batch_renormalization import (
    BatchRenormalizationFunction)
from chainer.functions.normalization.batch_renormalization import (
    fixed_batch_renormalization)
from chainer.functions.normalization.decorrelated_batch_normalization import (
    decorrelated_batch_normalization)
from chainer.functions.normalization.decorrelated_batch_normalization import (
    fixed_decorrelated_batch_normalization)
from chainer.functions.normalization.fixed_batch_normalization import fixed_batch_normalization
from chainer.functions.normalization.fixed_batch_normalization import FixedBatchNormalization
from chainer.functions.normalization.group_normalization import group_normalization
from chainer.functions.normalization.layer_normalization import layer_normalization
from chainer.functions.normalization.local_response_normalization import (
    local_response_normalization)
from chainer.functions.normalization.local_response_normalization import LocalResponseNormalization
from chainer.functions.normalization.normalize import normalize
from chainer.functions.normalization.normalize import NormalizeL2

from chainer.functions.pooling.average_pooling_2d import average_pooling_2d
from chainer.functions.pooling.average_pooling_2d import AveragePooling2D
from chainer.functions.pooling.average_pooling_nd import average_pooling_nd
from chainer.functions.pooling.average_pooling_nd import AveragePoolingND
from chainer.functions.pooling.average_pooling_nd import average_pooling_1d
from chainer.functions.pooling.average_pooling_nd import average_pooling_3d
from chainer.functions.pooling.max_pooling_2d import max_pooling_2d
from chainer.functions.pooling.max_pooling_2d import MaxPooling2D
from chainer.functions.pooling.max_pooling_nd import max_pooling_nd
from chainer.functions.pooling.max_pooling_nd import MaxPoolingND
from chainer.functions.pooling.max_pooling_nd import max_pooling_1d
from chainer.functions.pooling.max_pooling_nd import max_pooling_3d
from chainer.functions.pooling.roi_average_align_2d import roi_average_align_2d
from chainer.functions.pooling.roi_average_pooling_2d import roi_average_pooling_2d
from chainer.functions.pooling.roi_max_align_2d import roi_max_align_2d
from chainer.functions.pooling.roi_max_pooling_2d import roi_max_pooling_2d
from chainer.functions.pooling.roi_pooling_2d import roi_pooling_2d
from chainer.functions.pooling.roi_pooling_2d import ROIPooling2D
from chainer.functions.pooling.spatial_pyramid_pooling_2d import spatial_pyramid_pooling_2d
from chainer.functions.pooling.spatial_pyramid_pooling_2d import SpatialPyramidPooling2D
from chainer.functions.pooling.unpooling_2d import Unpooling2D
from chainer.functions.pooling.unpooling_2d import unpooling_2d
from chainer.functions.pooling.unpooling_nd import unpooling_nd
from chainer.functions.pooling.unpooling_nd import UnpoolingND
from chainer.functions.pooling.unpooling_nd import unpooling_1d
from chainer.functions.pooling.unpooling_nd import unpooling_3d
from chainer.functions.pooling.upsampling_2d import Upsampling2D
from chainer.functions.pooling.upsampling_2d import upsampling_2d

from chainer.functions.util.forget import Forget
from chainer.functions.util.forget import forget

# Parameterized functions of the v1.3 API that became links in v1.5. Chainer v1.24 still
# exports them here as plain aliases of the links, without a warning, so v1.3 code
# such as ``F.Linear(3, 2)`` still runs. Resolved on first use:
# chainer.links imports chainer.functions, so importing the links here eagerly would be
# circular.
_LINK_ALIASES = {
    'BatchNormalization': 'chainer.links.normalization.batch_normalization',
    'Bilinear': 'chainer.links.connection.bilinear',
    'BinaryHierarchicalSoftmax': 'chainer.links.loss.hierarchical_softmax',
    'Convolution2D': 'chainer.links.connection.convolution_2d',
    'DilatedConvolution2D': 'chainer.links.connection.dilated_convolution_2d',
    'EmbedID': 'chainer.links.connection.embed_id',
    'Inception': 'chainer.links.connection.inception',
    'InceptionBN': 'chainer.links.connection.inceptionbn',
    'Linear': 'chainer.links.connection.linear',
    'NegativeSampling': 'chainer.links.loss.negative_sampling',
    'Parameter': 'chainer.links.connection.parameter',
    'PReLU': 'chainer.links.activation.prelu',
}


def __getattr__(name):
    module = _LINK_ALIASES.get(name)
    if module is None:
        raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LINK_ALIASES))
