"""AdaGrad."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, adaptive_step,
                                            check_hyperparameter)
from chainer.optimizers._rules import rule_class


class AdaGrad(ArrayRuleOptimizer):
    """AdaGrad (Duchi et al., JMLR 12).

    With the sum of squared gradients :math:`h` (state ``h``, initially zero):

    .. math::
        h \\leftarrow h + g^2, \\qquad
        w \\leftarrow w - \\eta \\frac{g}{\\sqrt{h} + \\epsilon}

    Args:
        lr (float): learning rate :math:`\\eta`.
        eps (float): small value :math:`\\epsilon` for numerical stability.
    """

    state_names = ('h',)

    def __init__(self, lr=0.001, eps=1e-8):
        self.lr = check_hyperparameter(lr, 'lr')
        self.eps = check_hyperparameter(eps, 'eps')

    def update_arrays(self, xp, data, grad, state):
        h = state['h']
        h += grad * grad
        adaptive_step(xp, data, self.lr, grad, h, self.eps)


AdaGradRule = rule_class(AdaGrad, 'h')
