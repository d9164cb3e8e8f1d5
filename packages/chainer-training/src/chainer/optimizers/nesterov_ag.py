"""Nesterov's accelerated gradient."""
from chainer.optimizers._array_rule import ArrayRuleOptimizer, check_hyperparameter, scalar


class NesterovAG(ArrayRuleOptimizer):
    """Nesterov's Accelerated Gradient (spec 001 §3.6).

    Formulated as the linear combination coefficients of the velocity and gradient
    contributions at each iteration (Bengio et al., arXiv:1212.0901). With velocity
    :math:`v` (state ``v``, initially zero):

    .. math::
        v \\leftarrow \\mu v - \\eta g, \\qquad
        w \\leftarrow w + \\mu^2 v - (1 + \\mu) \\eta g

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
        mu, lr = self.momentum, self.lr
        v *= scalar(mu, v)
        v -= scalar(lr, v) * grad
        data += scalar(mu * mu, data) * v
        data -= scalar((1 + mu) * lr, data) * grad
