"""Simon Funk's SMORMS3."""
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter,
                                            root_plus_eps, scalar)
from chainer.optimizers._rules import rule_class


class SMORMS3(ArrayRuleOptimizer):
    """Simon Funk's SMORMS3 (http://sifter.org/~simon/journal/20150420.html).

    With the memory :math:`m` (state ``mem``, initially one) and running averages of
    gradients :math:`\\bar g` (state ``g``) and squared gradients :math:`\\bar{g^2}`
    (state ``g2``), initially zero:

    .. math::
        r &= 1 / (m + 1) \\\\
        \\bar g &\\leftarrow (1 - r) \\bar g + r g \\\\
        \\bar{g^2} &\\leftarrow (1 - r) \\bar{g^2} + r g^2 \\\\
        x &= \\bar g^2 / (\\bar{g^2} + \\epsilon) \\\\
        w &\\leftarrow w - g \\frac{\\min(\\eta, x)}{\\sqrt{\\bar{g^2}} + \\epsilon} \\\\
        m &\\leftarrow 1 + m (1 - x)

    Args:
        lr (float): learning rate :math:`\\eta`.
        eps (float): small value :math:`\\epsilon` for numerical stability.
    """

    state_names = ('g', 'g2')

    def __init__(self, lr=0.001, eps=1e-16):
        self.lr = check_hyperparameter(lr, 'lr')
        self.eps = check_hyperparameter(eps, 'eps')

    def init_arrays(self, xp, data, state):
        super().init_arrays(xp, data, state)
        state['mem'] = xp.ones_like(data)

    def update_arrays(self, xp, data, grad, state):
        mem, g, g2 = state['mem'], state['g'], state['g2']
        eps = scalar(self.eps, data)
        r = xp.asarray(mem + scalar(1, mem))  # an array even for a 0-d parameter
        xp.reciprocal(r, out=r)
        g += r * (grad - g)  # (1 - r) g + r grad, in place
        g2 += r * (grad * grad - g2)
        x = g * g
        x /= g2 + eps
        step = xp.minimum(x, scalar(self.lr, x))
        step /= root_plus_eps(xp, g2, self.eps)
        step *= grad
        data -= step
        mem *= scalar(1, x) - x
        mem += scalar(1, mem)


SMORMS3Rule = rule_class(SMORMS3, 'mem g g2')
