"""``MultistepShift``: multiplies an optimizer attribute by a factor at listed
call counts."""
from chainer.training.extensions import _optimizer_shift


class MultistepShift(_optimizer_shift.OptimizerShift):
    """Trainer extension shifting an optimizer attribute at given call counts.

    After :math:`t` calls the attribute is :math:`\\mathrm{init} \\cdot \\gamma^k`,
    :math:`k` being the number of entries of ``step_value`` not above :math:`t`.

    Args:
        attr (str): name of the attribute (e.g. ``'lr'``).
        gamma (float): factor of each step.
        step_value (list of int): call counts at which a step is taken.
        init (float): first value; the attribute's value before training when None.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    def __init__(self, attr, gamma, step_value, init, optimizer=None):
        super().__init__(attr, optimizer)
        self._gamma = gamma
        self._step_value = sorted(step_value)
        self._init = init

    def value_at(self, t, optimizer):
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        steps = sum(1 for point in self._step_value if t >= point)
        return self._init * self._gamma ** steps
