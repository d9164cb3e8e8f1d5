"""Classical momentum SGD."""
from chainer.optimizers._array_rule import update_in_chunks
from chainer.optimizers._momentum import MomentumMethod
from chainer.optimizers._rules import rule_class


class MomentumSGD(MomentumMethod):
    """Classical momentum SGD.

    With velocity :math:`v` (state ``v``, initially zero):

    .. math::
        v \\leftarrow \\mu v - \\eta g, \\qquad w \\leftarrow w + v

    Args:
        lr (float): learning rate :math:`\\eta`.
        momentum (float): momentum coefficient :math:`\\mu`, in [0, 1].
    """

    def update_arrays(self, xp, data, grad, state):
        def rule(w, g, v, scratch):
            self.velocity_step(xp, g, v, scratch)
            w += v
        update_in_chunks(xp, rule, data, grad, state['v'])


MomentumSGDRule = rule_class(MomentumSGD, 'v')
