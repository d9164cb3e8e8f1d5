"""``StepShift``: multiplies an optimizer attribute by a factor every few calls."""
import math

from chainer.training.extensions import _optimizer_shift, _shift_targets


class StepShift(_optimizer_shift.OptimizerShift):
    """Trainer extension shifting an optimizer attribute in steps.

    After :math:`t` calls the attribute is
    :math:`\\mathrm{init} \\cdot \\gamma^{\\lfloor t / \\mathrm{step} \\rfloor}`,
    clamped at ``target`` once it gets there.

    Args:
        attr (str): name of the attribute (e.g. ``'lr'``).
        gamma (float): factor of each step.
        step (int): number of calls per step.
        init (float): first value; the attribute's value before training when None.
        target (float): value at which the shift stops; no limit when None.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    def __init__(self, attr, gamma, step, init=None, target=None, optimizer=None):
        super().__init__(attr, optimizer)
        if step <= 0:
            raise ValueError('step must be positive, got {!r}'.format(step))
        self._gamma = gamma
        self._step = step
        self._init = init
        self._target = target

    def value_at(self, t, optimizer):
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        value = float(self._init * self._gamma ** math.floor(t / self._step))
        return _shift_targets.clamp(value, self._target, self._gamma > 1)
