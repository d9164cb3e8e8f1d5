"""Base of the optimizers that keep a momentum (velocity) per parameter."""
from chainer import cuda
from chainer.optimizers._array_rule import (ArrayRuleOptimizer, check_hyperparameter,
                                            momentum_step, scalar)


class MomentumMethod(ArrayRuleOptimizer):
    """A gradient method with learning rate ``lr`` and a velocity :math:`v` (state
    ``v``, initially zero) updated as :math:`v \\leftarrow \\mu v - \\eta g`;
    subclasses say how the parameter moves (:meth:`update_arrays`).

    Args:
        lr (float): learning rate :math:`\\eta`.
        momentum (float): momentum coefficient :math:`\\mu`, in [0, 1].
    """

    state_names = ('v',)

    def __init__(self, lr=0.01, momentum=0.9):
        self.lr = check_hyperparameter(lr, 'lr')
        self.momentum = check_hyperparameter(momentum, 'momentum', upper=1.0)

    def update_velocity(self, grad, state):
        """Applies :math:`v \\leftarrow \\mu v - \\eta g` and returns :math:`v`."""
        v = state['v']
        self.velocity_step(cuda.get_array_module(v), grad, v, None)
        return v

    def velocity_step(self, xp, grad, v, scratch):
        """:math:`v \\leftarrow \\mu v - \\eta g` in place; ``scratch`` (an array like
        ``v``, or None) receives :math:`\\eta g`."""
        scratch = xp.multiply(grad, scalar(self.lr, v), out=scratch)
        momentum_step(v, scratch, self.momentum)
