"""Hinton's RMSprop."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, adaptive_step,
                                            check_hyperparameter, moving_average,
                                            scalar)
from chainer.optimizers._rules import rule_class


class RMSprop(ArrayRuleOptimizer):
    """Hinton's RMSprop.

    With the running average of squared gradients :math:`r` (state ``ms``, initially
    zero):

    .. math::
        r \\leftarrow \\alpha r + (1 - \\alpha) g^2, \\qquad
        w \\leftarrow w - \\eta \\frac{g}{\\sqrt{r} + \\epsilon}

    Args:
        lr (float): learning rate :math:`\\eta`.
        alpha (float): decay rate :math:`\\alpha` of the average, in [0, 1].
        eps (float): small value :math:`\\epsilon` for numerical stability.
        eps_inside_sqrt (bool): use :math:`\\sqrt{r + \\epsilon}` as the
            denominator instead (as some other frameworks do).
    """

    state_names = ('ms',)

    def __init__(self, lr=0.01, alpha=0.99, eps=1e-8, eps_inside_sqrt=False):
        self.lr = check_hyperparameter(lr, 'lr')
        self.alpha = check_hyperparameter(alpha, 'alpha', upper=1.0)
        self.eps = check_hyperparameter(eps, 'eps')
        self.eps_inside_sqrt = eps_inside_sqrt  # kept as given (v7), used for its truth

    def update_arrays(self, xp, data, grad, state):
        ms = state['ms']
        moving_average(ms, grad * grad, self.alpha)
        if self.eps_inside_sqrt:
            data -= scalar(self.lr, data) * grad / xp.sqrt(ms + scalar(self.eps, ms))
        else:
            adaptive_step(xp, data, self.lr, grad, ms, self.eps)


RMSpropRule = rule_class(RMSprop, 'ms')
