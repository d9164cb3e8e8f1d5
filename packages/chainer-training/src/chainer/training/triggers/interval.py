"""``IntervalTrigger``: fires every fixed number of iterations or epochs."""
from chainer.training.triggers import _units


class IntervalTrigger(object):
    """Trigger based on a fixed interval (spec 001 §3.1.8).

    With unit ``'iteration'`` it fires at iterations whose count is a multiple of
    ``period``. With unit ``'epoch'`` it fires at the iteration during which the
    (fractional) epoch count reaches a multiple of ``period``; as in v1, the period
    may be fractional (``(0.5, 'epoch')`` fires twice per epoch) and the epoch needs
    not end on an iteration boundary. It reads the counts from the updater and keeps
    no state, so it behaves the same after a resume.

    Args:
        period (int or float): length of the interval; an integer for
            ``'iteration'``.
        unit (str): ``'iteration'`` or ``'epoch'``.
    """

    def __init__(self, period, unit):
        self.unit = _units.check_unit(unit)
        self.period = _units.check_point(period, 'period', unit)

    def __call__(self, trainer):
        """Returns True if the interval ends at the current iteration."""
        updater = trainer.updater
        if self.unit == 'iteration':
            count = _units.completed_iteration(updater)
            return count is not None and count % self.period == 0
        return _units.multiples_crossed(_units.epoch_span(updater), self.period)

    def __repr__(self):
        return 'IntervalTrigger({}, {!r})'.format(self.period, self.unit)
