"""``LinearShift``: moves an optimizer attribute linearly between two values."""
from chainer.training.extensions import _optimizer_shift


class LinearShift(_optimizer_shift.OptimizerShift):
    """Trainer extension to change an optimizer attribute linearly.

    With ``value_range == (x, y)`` and ``time_range == (i, j)``, the attribute is
    ``x`` up to the i-th call, moves linearly to ``y`` by the j-th call and stays
    ``y`` afterwards:
    :math:`v(t) = x + (y - x) \\frac{t - i}{j - i}` for :math:`i < t < j`.

    Args:
        attr (str): name of the attribute (e.g. ``'momentum'``).
        value_range (tuple of float): first and last values.
        time_range (tuple of int): first and last call counts of the change.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    _in_v1 = True

    def __init__(self, attr, value_range, time_range, optimizer=None):
        super().__init__(attr, optimizer)
        if len(value_range) != 2:
            raise ValueError('value_range must be (first, last), got {!r}'.format(
                value_range))
        if len(time_range) != 2 or not 0 <= time_range[0] < time_range[1]:
            raise ValueError('time_range must be (first, last) call counts with '
                             '0 <= first < last, got {!r}'.format(time_range))
        self._value_range = tuple(value_range)
        self._time_range = tuple(time_range)

    def value_at(self, t, optimizer):
        (x, y), (i, j) = self._value_range, self._time_range
        if t <= i:
            return x
        if t >= j:
            return y
        return x + (y - x) * (t - i) / (j - i)
