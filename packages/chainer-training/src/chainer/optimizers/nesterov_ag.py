"""Nesterov's accelerated gradient."""
from chainer.optimizers._array_rule import scalar
from chainer.optimizers._momentum import MomentumMethod
from chainer.optimizers._rules import rule_class


class NesterovAG(MomentumMethod):
    """Nesterov's Accelerated Gradient.

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

    def update_arrays(self, xp, data, grad, state):
        mu, lr = self.momentum, self.lr
        v = self.update_velocity(grad, state)
        data += scalar(mu * mu, data) * v
        data -= scalar((1 + mu) * lr, data) * grad


NesterovAGRule = rule_class(NesterovAG, 'v')
