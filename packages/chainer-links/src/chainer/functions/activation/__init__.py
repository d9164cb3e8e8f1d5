"""Activation functions (spec 001 §3.4.1)."""
from chainer.functions.activation.clipped_relu import clipped_relu, ClippedReLU
from chainer.functions.activation.crelu import crelu, CReLU
from chainer.functions.activation.elu import elu, ELU
from chainer.functions.activation.hard_sigmoid import hard_sigmoid, HardSigmoid
from chainer.functions.activation.leaky_relu import leaky_relu, LeakyReLU
from chainer.functions.activation.log_softmax import log_softmax, LogSoftmax
from chainer.functions.activation.lstm import lstm, LSTM
from chainer.functions.activation.maxout import maxout, Maxout
from chainer.functions.activation.prelu import prelu, PReLUFunction
from chainer.functions.activation.relu import relu, ReLU
from chainer.functions.activation.sigmoid import sigmoid, Sigmoid
from chainer.functions.activation.slstm import slstm, SLSTM
from chainer.functions.activation.softmax import softmax, Softmax
from chainer.functions.activation.softplus import softplus, Softplus
from chainer.functions.activation.tanh import tanh, Tanh

__all__ = [
    'clipped_relu', 'ClippedReLU', 'crelu', 'CReLU', 'elu', 'ELU',
    'hard_sigmoid', 'HardSigmoid', 'leaky_relu', 'LeakyReLU',
    'log_softmax', 'LogSoftmax', 'lstm', 'LSTM', 'maxout', 'Maxout',
    'prelu', 'PReLUFunction', 'relu', 'ReLU', 'sigmoid', 'Sigmoid',
    'slstm', 'SLSTM', 'softmax', 'Softmax', 'softplus', 'Softplus', 'tanh', 'Tanh',
]
