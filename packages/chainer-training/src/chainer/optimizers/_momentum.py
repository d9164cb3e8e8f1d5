"""Base of the optimizers that keep a momentum (velocity) per parameter."""
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
        momentum_step(v, scalar(self.lr, v) * grad, self.momentum)
        return v
