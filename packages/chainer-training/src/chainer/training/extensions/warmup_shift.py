"""``WarmupShift``: raises an optimizer attribute linearly to its value over the
first calls."""
from chainer.training.extensions import _optimizer_shift


class WarmupShift(_optimizer_shift.OptimizerShift):
    """Trainer extension warming an optimizer attribute up.

    The attribute goes linearly from ``warmup_start`` (before the first call) to
    ``init`` (at call ``warmup_iter``); after that the extension leaves it alone.

    Args:
        attr (str): name of the attribute (e.g. ``'lr'``).
        warmup_start (float): value at the start; the attribute's value before
            training when None.
        warmup_iter (int): number of calls of the warm-up.
        init (float): value reached at the end of the warm-up.
        optimizer: the optimizer; the updater's ``'main'`` one when None.
    """

    def __init__(self, attr, warmup_start, warmup_iter, init, optimizer=None):
        super().__init__(attr, optimizer)
        if warmup_iter <= 0:
            raise ValueError('warmup_iter must be positive, got {!r}'.format(
                warmup_iter))
        self._warmup_start = warmup_start
        self._warmup_iter = warmup_iter
        self._init = init

    def value_at(self, t, optimizer):
        if self._warmup_start is None:
            self._warmup_start = getattr(optimizer, self._attr)
        if t > self._warmup_iter:
            return None  # warmed up: the attribute is left to others
        n = self._warmup_iter
        return (t * self._init + (n - t) * self._warmup_start) / n
