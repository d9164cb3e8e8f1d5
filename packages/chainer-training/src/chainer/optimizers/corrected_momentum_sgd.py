"""Momentum SGD with the learning rate applied after the momentum."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter,
                                            scalar)
from chainer.optimizers._rules import rule_class


class CorrectedMomentumSGD(ArrayRuleOptimizer):
    """Momentum SGD whose velocity accumulates raw gradients, the learning rate
    multiplying it at each step (Goyal et al., "Accurate, Large Minibatch SGD"), so
    that changing ``lr`` during training does not distort the momentum:

    .. math::
        v \\leftarrow \\mu v - g, \\qquad w \\leftarrow w + \\eta v

    Args:
        lr (float): learning rate :math:`\\eta`.
        momentum (float): momentum coefficient :math:`\\mu`, in [0, 1].
    """

    state_names = ('v',)

    def __init__(self, lr=0.01, momentum=0.9):
        self.lr = check_hyperparameter(lr, 'lr')
        self.momentum = check_hyperparameter(momentum, 'momentum', upper=1.0)

    def update_arrays(self, xp, data, grad, state):
        v = state['v']
        v *= scalar(self.momentum, v)
        v -= grad
        data += scalar(self.lr, data) * v


CorrectedMomentumSGDRule = rule_class(CorrectedMomentumSGD, 'v')
