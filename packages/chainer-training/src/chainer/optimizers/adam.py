"""Adam."""
import math

from chainer.optimizers._array_rule import (ArrayRuleOptimizer, adaptive_step,
                                            check_hyperparameter, moving_average)


class Adam(ArrayRuleOptimizer):
    """Adam optimization algorithm (Kingma and Ba, arXiv:1412.6980v8; spec 001 §3.6).

    With the first and second moment estimates :math:`m`, :math:`v` (states ``m``,
    ``v``, initially zero) and the step count :math:`t` (counted from 1):

    .. math::
        m &\\leftarrow \\beta_1 m + (1 - \\beta_1) g \\\\
        v &\\leftarrow \\beta_2 v + (1 - \\beta_2) g^2 \\\\
        w &\\leftarrow w - \\mathrm{lr}\\, \\frac{m}{\\sqrt{v} + \\epsilon},
        \\qquad \\mathrm{lr} = \\alpha \\frac{\\sqrt{1 - \\beta_2^t}}{1 - \\beta_1^t}

    Args:
        alpha (float): step size :math:`\\alpha`.
        beta1 (float): decay rate :math:`\\beta_1` of the first moment, in [0, 1).
        beta2 (float): decay rate :math:`\\beta_2` of the second moment, in [0, 1).
        eps (float): small value :math:`\\epsilon` for numerical stability.
    """

    state_names = ('m', 'v')

    def __init__(self, alpha=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
        self.alpha = check_hyperparameter(alpha, 'alpha')
        self.beta1 = check_hyperparameter(beta1, 'beta1', upper=1.0, upper_open=True)
        self.beta2 = check_hyperparameter(beta2, 'beta2', upper=1.0, upper_open=True)
        self.eps = check_hyperparameter(eps, 'eps')

    @property
    def lr(self):
        """The bias-corrected step size of the current step ``t`` (needs ``t >= 1``)."""
        if self.t < 1:
            raise RuntimeError('Adam.lr is defined from the first update on (t >= 1), '
                               'got t={}'.format(self.t))
        fix1 = 1.0 - self.beta1 ** self.t
        fix2 = 1.0 - self.beta2 ** self.t
        return self.alpha * math.sqrt(fix2) / fix1

    def update_arrays(self, xp, data, grad, state):
        m, v = state['m'], state['v']
        moving_average(m, grad, self.beta1)
        moving_average(v, grad * grad, self.beta2)
        adaptive_step(xp, data, self.lr, m, v, self.eps)
