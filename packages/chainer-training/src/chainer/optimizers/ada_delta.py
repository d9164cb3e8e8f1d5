"""Zeiler's ADADELTA."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter,
                                            moving_average, scalar)
from chainer.optimizers._rules import rule_class


class AdaDelta(ArrayRuleOptimizer):
    """Zeiler's ADADELTA (arXiv:1212.5701).

    With running averages of squared gradients :math:`E[g^2]` (state ``msg``) and of
    squared updates :math:`E[\\Delta^2]` (state ``msdx``), both initially zero:

    .. math::
        E[g^2] &\\leftarrow \\rho E[g^2] + (1 - \\rho) g^2 \\\\
        \\Delta &= \\sqrt{\\frac{E[\\Delta^2] + \\epsilon}{E[g^2] + \\epsilon}}\\, g \\\\
        E[\\Delta^2] &\\leftarrow \\rho E[\\Delta^2] + (1 - \\rho) \\Delta^2 \\\\
        w &\\leftarrow w - \\Delta

    Args:
        rho (float): decay rate :math:`\\rho` of the averages, in [0, 1].
        eps (float): small value :math:`\\epsilon` for numerical stability.
    """

    state_names = ('msg', 'msdx')

    def __init__(self, rho=0.95, eps=1e-6):
        self.rho = check_hyperparameter(rho, 'rho', upper=1.0)
        self.eps = check_hyperparameter(eps, 'eps')

    def update_arrays(self, xp, data, grad, state):
        msg, msdx = state['msg'], state['msdx']
        eps = scalar(self.eps, data)
        moving_average(msg, grad * grad, self.rho)
        dx = xp.asarray(msdx + eps)  # an array even for a 0-d parameter
        dx /= msg + eps
        xp.sqrt(dx, out=dx)
        dx *= grad
        moving_average(msdx, dx * dx, self.rho)
        data -= dx


AdaDeltaRule = rule_class(AdaDelta, 'msg msdx')
