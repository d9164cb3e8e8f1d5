"""Hooks an optimizer (``optimizer.add_hook``) or one parameter's update rule
(``param.update_rule.add_hook``) calls around each update."""
from chainer.optimizer_hooks.gradient_clipping import GradientClipping  # NOQA
from chainer.optimizer_hooks.gradient_hard_clipping import GradientHardClipping  # NOQA
from chainer.optimizer_hooks.gradient_lars import GradientLARS  # NOQA
from chainer.optimizer_hooks.gradient_noise import exponential_decay_noise  # NOQA
from chainer.optimizer_hooks.gradient_noise import GradientNoise  # NOQA
from chainer.optimizer_hooks.lasso import Lasso  # NOQA
from chainer.optimizer_hooks.weight_decay import WeightDecay  # NOQA

__all__ = ['GradientClipping', 'GradientHardClipping', 'GradientLARS',
           'GradientNoise', 'Lasso', 'WeightDecay', 'exponential_decay_noise']
