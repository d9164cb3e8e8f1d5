"""Neural network connections: linear maps, convolutions and embeddings."""
from chainer.functions.connection.bilinear import bilinear  # noqa: F401
from chainer.functions.connection.bilinear import BilinearFunction  # noqa: F401
from chainer.functions.connection.convolution_2d import convolution_2d  # noqa: F401
from chainer.functions.connection.convolution_2d import Convolution2DFunction  # noqa: F401
from chainer.functions.connection.convolution_nd import convolution_nd  # noqa: F401
from chainer.functions.connection.convolution_nd import ConvolutionND  # noqa: F401
from chainer.functions.connection.deconvolution_2d import deconvolution_2d  # noqa: F401
from chainer.functions.connection.deconvolution_2d import Deconvolution2DFunction  # noqa: F401,E501
from chainer.functions.connection.deconvolution_nd import deconvolution_nd  # noqa: F401
from chainer.functions.connection.deconvolution_nd import DeconvolutionND  # noqa: F401
from chainer.functions.connection.dilated_convolution_2d import dilated_convolution_2d  # noqa: F401,E501
from chainer.functions.connection.dilated_convolution_2d import DilatedConvolution2DFunction  # noqa: F401,E501
from chainer.functions.connection.embed_id import embed_id  # noqa: F401
from chainer.functions.connection.embed_id import EmbedIDFunction  # noqa: F401
from chainer.functions.connection.linear import linear  # noqa: F401
from chainer.functions.connection.linear import LinearFunction  # noqa: F401
from chainer.functions.connection.n_step_lstm import n_step_lstm  # noqa: F401
from chainer.functions.connection.n_step_lstm import NStepLSTM  # noqa: F401

__all__ = [
    'bilinear', 'BilinearFunction',
    'convolution_2d', 'Convolution2DFunction',
    'convolution_nd', 'ConvolutionND',
    'deconvolution_2d', 'Deconvolution2DFunction',
    'deconvolution_nd', 'DeconvolutionND',
    'dilated_convolution_2d', 'DilatedConvolution2DFunction',
    'embed_id', 'EmbedIDFunction',
    'linear', 'LinearFunction',
    'n_step_lstm', 'NStepLSTM',
]
