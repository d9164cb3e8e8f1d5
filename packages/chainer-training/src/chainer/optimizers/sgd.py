"""Vanilla stochastic gradient descent."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter, scalar,
                                            update_in_chunks)
from chainer.optimizers._rules import rule_class


class SGD(ArrayRuleOptimizer):
    """Vanilla Stochastic Gradient Descent.

    .. math:: w \\leftarrow w - \\eta\\, g

    Args:
        lr (float): learning rate :math:`\\eta`.
    """

    def __init__(self, lr=0.01):
        self.lr = check_hyperparameter(lr, 'lr')

    def update_arrays(self, xp, data, grad, state):
        lr = scalar(self.lr, data)

        def rule(w, g, scratch):
            w -= xp.multiply(g, lr, out=scratch)
        update_in_chunks(xp, rule, data, grad)


SGDRule = rule_class(SGD, '')
