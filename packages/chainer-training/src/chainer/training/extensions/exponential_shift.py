"""``ExponentialShift``: multiplies an optimizer attribute by a rate at each call."""
import numbers

from chainer.training.extensions import _optimizer_shift


class ExponentialShift(_optimizer_shift.OptimizerShift):
    """Trainer extension to exponentially shift an optimizer attribute,
    typically to decay the learning rate.

    After :math:`t` calls the attribute is :math:`\\mathrm{init} \\cdot
    \\mathrm{rate}^t`, clamped at ``target`` once it gets there. The value for the
    current count is applied before the training loop (so a resumed run continues
    with the right value).

    Args:
        attr (str): name of the attribute to shift (e.g. ``'lr'``).
        rate (float): factor applied at each call.
        init (float): initial value; the attribute's value before training when None.
        target (float): value at which the shift stops; no limit when None.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    _in_v1 = True

    def __init__(self, attr, rate, init=None, target=None, optimizer=None):
        super().__init__(attr, optimizer)
        for name, value in (('rate', rate), ('init', init), ('target', target)):
            # numbers.Real: numpy scalars too (v1 code computes rates with numpy)
            if value is not None and (isinstance(value, bool) or
                                      not isinstance(value, numbers.Real)):
                raise TypeError('{} must be a number, got {!r}'.format(name, value))
        if rate <= 0:
            raise ValueError('rate must be positive, got {!r}'.format(rate))
        self._rate = rate
        self._init = init
        self._target = target

    def value_at(self, t, optimizer):
        if self._init is None:
            self._init = getattr(optimizer, self._attr)
        value = self._init * self._rate ** t
        if self._target is not None and _passed(value, self._target, self._rate):
            value = self._target
        return value


def _passed(value, target, rate):
    """Whether the shift has gone past ``target``, for values of either sign: the
    magnitude grows with a rate above 1 and shrinks below (as in v1, where
    ``(-2, rate=0.5, target=-1.2)`` stops at -1.2)."""
    if target == 0:  # a power of the rate never reaches 0
        return False
    ratio = value / target
    return ratio > 1 if rate > 1 else ratio < 1
