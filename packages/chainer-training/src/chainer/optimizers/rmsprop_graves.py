"""Alex Graves's RMSprop."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter,
                                            momentum_step, moving_average, scalar)
from chainer.optimizers._rules import rule_class


class RMSpropGraves(ArrayRuleOptimizer):
    """Alex Graves's RMSprop (arXiv:1308.0850, eqs. 38-41).

    With running averages of squared gradients :math:`n` (state ``n``) and of
    gradients :math:`\\bar g` (state ``g``), and the update :math:`\\Delta` (state
    ``delta``), all initially zero:

    .. math::
        n &\\leftarrow \\alpha n + (1 - \\alpha) g^2 \\\\
        \\bar g &\\leftarrow \\alpha \\bar g + (1 - \\alpha) g \\\\
        \\Delta &\\leftarrow \\mu \\Delta - \\eta \\frac{g}{\\sqrt{n - \\bar g^2 + \\epsilon}}
        \\\\
        w &\\leftarrow w + \\Delta

    Args:
        lr (float): learning rate :math:`\\eta`.
        alpha (float): decay rate :math:`\\alpha` of the averages, in [0, 1].
        momentum (float): momentum coefficient :math:`\\mu`, in [0, 1].
        eps (float): small value :math:`\\epsilon` for numerical stability.
    """

    state_names = ('n', 'g', 'delta')

    def __init__(self, lr=1e-4, alpha=0.95, momentum=0.9, eps=1e-4):
        self.lr = check_hyperparameter(lr, 'lr')
        self.alpha = check_hyperparameter(alpha, 'alpha', upper=1.0)
        self.momentum = check_hyperparameter(momentum, 'momentum', upper=1.0)
        self.eps = check_hyperparameter(eps, 'eps')

    def update_arrays(self, xp, data, grad, state):
        n, g, delta = state['n'], state['g'], state['delta']
        moving_average(n, grad * grad, self.alpha)
        moving_average(g, grad, self.alpha)
        denom = xp.asarray(n - g * g)  # an array even for a 0-d parameter
        denom += scalar(self.eps, denom)
        xp.sqrt(denom, out=denom)
        step = grad / denom
        step *= scalar(self.lr, step)
        momentum_step(delta, step, self.momentum)
        data += delta


RMSpropGravesRule = rule_class(RMSpropGraves, 'n g delta')
