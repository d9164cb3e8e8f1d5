"""Numerical optimizers, built on:class:`chainer.GradientMethod`.

Every optimizer keeps its hyperparameters as attributes (so that trainer extensions
like :class:`~chainer.training.extensions.ExponentialShift` can change them) and its
per-parameter state arrays in the optimizer's state dictionaries, which
:meth:`~chainer.Optimizer.serialize` saves and restores exactly. The v2+ rule classes
(``AdamRule``, ...) update one parameter with the same arithmetic.
"""
from chainer.optimizers.ada_delta import AdaDelta, AdaDeltaRule
from chainer.optimizers.ada_grad import AdaGrad, AdaGradRule
from chainer.optimizers.adam import AdaBound, Adam, AdamRule, AdamW, AMSBound, AMSGrad
from chainer.optimizers.corrected_momentum_sgd import (CorrectedMomentumSGD,
                                                       CorrectedMomentumSGDRule)
from chainer.optimizers.momentum_sgd import MomentumSGD, MomentumSGDRule
from chainer.optimizers.msvag import MSVAG, MSVAGRule
from chainer.optimizers.nesterov_ag import NesterovAG, NesterovAGRule
from chainer.optimizers.rmsprop import RMSprop, RMSpropRule
from chainer.optimizers.rmsprop_graves import RMSpropGraves, RMSpropGravesRule
from chainer.optimizers.sgd import SGD, SGDRule
from chainer.optimizers.smorms3 import SMORMS3, SMORMS3Rule

__all__ = ['AdaBound', 'AdaDelta', 'AdaGrad', 'Adam', 'AdamW', 'AMSBound', 'AMSGrad',
           'CorrectedMomentumSGD',
           'MomentumSGD', 'MSVAG', 'NesterovAG', 'RMSprop', 'RMSpropGraves', 'SGD',
           'SMORMS3',
           'AdaDeltaRule', 'AdaGradRule', 'AdamRule', 'CorrectedMomentumSGDRule',
           'MomentumSGDRule', 'MSVAGRule', 'NesterovAGRule', 'RMSpropRule',
           'RMSpropGravesRule', 'SGDRule', 'SMORMS3Rule']
