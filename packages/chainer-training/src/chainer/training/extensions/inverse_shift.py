"""``InverseShift``: decays an optimizer attribute as an inverse power of the call
count."""
from chainer.training.extensions import _optimizer_shift, _shift_targets


class InverseShift(_optimizer_shift.OptimizerShift):
    """Trainer extension shifting an optimizer attribute by an inverse power.

    After :math:`t` calls the attribute is
    :math:`\\mathrm{init} (1 + \\gamma t)^{-\\mathrm{power}}`, clamped at ``target``
    once it gets there.

    Args:
        attr (str): name of the attribute (e.g. ``'lr'``).
        gamma (float): non-negative coefficient of the count.
        power (float): exponent.
        init (float): first value; the attribute's value before training when None.
        target (float): value at which the shift stops; no limit when None.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    def __init__(self, attr, gamma, power, init=None, target=None, optimizer=None):
        super().__init__(attr, optimizer)
        if gamma < 0:
            raise ValueError('gamma must not be negative, got {!r}'.format(gamma))
        self._gamma = gamma
        self._power = power
        self._init = init
        self._target = target

    def value_at(self, t, optimizer):
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        value = self._init * (1 + self._gamma * t) ** (-self._power)
        return _shift_targets.clamp(value, self._target, self._power < 0)
