"""Classical momentum SGD."""
from chainer.optimizers._array_rule import ArrayRuleOptimizer, check_hyperparameter, scalar


class MomentumSGD(ArrayRuleOptimizer):
    """Classical momentum SGD (spec 001 §3.6).

    With velocity :math:`v` (state ``v``, initially zero):

    .. math::
        v \\leftarrow \\mu v - \\eta g, \\qquad w \\leftarrow w + v

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
        v -= scalar(self.lr, v) * grad
        data += v
