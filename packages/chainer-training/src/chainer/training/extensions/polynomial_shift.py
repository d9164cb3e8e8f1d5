"""``PolynomialShift``: decays an optimizer attribute polynomially to zero."""
from chainer.training.extensions import _optimizer_shift, _shift_targets


class PolynomialShift(_optimizer_shift.OptimizerShift):
    """Trainer extension shifting an optimizer attribute polynomially.

    After :math:`t` calls the attribute is
    :math:`\\mathrm{init} \\cdot \\max(1 - t / \\mathrm{max\\_count}, 0)^{\\mathrm{rate}}`,
    clamped at ``target`` once it gets there.

    Args:
        attr (str): name of the attribute (e.g. ``'lr'``).
        rate (float): exponent of the decay.
        max_count (int): number of calls after which the decay reaches zero.
        init (float): first value; the attribute's value before training when None.
        target (float): value at which the shift stops; no limit when None.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    def __init__(self, attr, rate, max_count, init=None, target=None,
                 optimizer=None):
        super().__init__(attr, optimizer)
        if max_count <= 0:
            raise ValueError('max_count must be positive, got {!r}'.format(max_count))
        self._rate = rate
        self._max_count = max_count
        self._init = init
        self._target = target

    def value_at(self, t, optimizer):
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        decay = max(1 - t / self._max_count, 0)
        value = self._init * decay ** self._rate
        return _shift_targets.clamp(value, self._target, self._rate <= 0)
