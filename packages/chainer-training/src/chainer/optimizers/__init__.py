"""Numerical optimizers, built on:class:`chainer.GradientMethod`.

Every optimizer keeps its hyperparameters as attributes (so that trainer extensions
like :class:`~chainer.training.extensions.ExponentialShift` can change them) and its
per-parameter state arrays in the optimizer's state dictionaries, which
:meth:`~chainer.Optimizer.serialize` saves and restores exactly.
"""
from chainer.optimizers.ada_delta import AdaDelta
from chainer.optimizers.ada_grad import AdaGrad
from chainer.optimizers.adam import AdaBound, Adam, AdamW, AMSBound, AMSGrad
from chainer.optimizers.corrected_momentum_sgd import CorrectedMomentumSGD
from chainer.optimizers.momentum_sgd import MomentumSGD
from chainer.optimizers.msvag import MSVAG
from chainer.optimizers.nesterov_ag import NesterovAG
from chainer.optimizers.rmsprop import RMSprop
from chainer.optimizers.rmsprop_graves import RMSpropGraves
from chainer.optimizers.sgd import SGD
from chainer.optimizers.smorms3 import SMORMS3

__all__ = ['AdaBound', 'AdaDelta', 'AdaGrad', 'Adam', 'AdamW', 'AMSBound', 'AMSGrad',
           'CorrectedMomentumSGD',
           'MomentumSGD', 'MSVAG', 'NesterovAG', 'RMSprop', 'RMSpropGraves', 'SGD',
           'SMORMS3']
