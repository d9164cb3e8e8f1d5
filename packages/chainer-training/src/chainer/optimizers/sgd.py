"""Vanilla stochastic gradient descent."""
from chainer.optimizers._array_rule import ArrayRuleOptimizer, check_hyperparameter, scalar


class SGD(ArrayRuleOptimizer):
    """Vanilla Stochastic Gradient Descent (spec 001 §3.6).

    .. math:: w \\leftarrow w - \\eta\\, g

    Args:
        lr (float): learning rate :math:`\\eta`.
    """

    def __init__(self, lr=0.01):
        self.lr = check_hyperparameter(lr, 'lr')

    def update_arrays(self, xp, data, grad, state):
        data -= scalar(self.lr, data) * grad
