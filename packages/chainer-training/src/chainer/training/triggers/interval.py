"""``IntervalTrigger``: fires every fixed number of iterations or epochs."""
from chainer.training.triggers import _units


class IntervalTrigger(object):
    """Trigger based on a fixed interval (spec 001 §3.1.8).

    It fires at iterations whose count is a multiple of ``period`` (unit
    ``'iteration'``), or at the iteration that completes an epoch whose number is a
    multiple of ``period`` (unit ``'epoch'``). It reads the counts from the updater
    and keeps no state, so it behaves the same after a resume.

    Args:
        period (int): length of the interval.
        unit (str): ``'iteration'`` or ``'epoch'``.
    """

    def __init__(self, period, unit):
        self.unit = _units.check_unit(unit)
        self.period = _units.check_count(period, 'period')

    def __call__(self, trainer):
        """Returns True if the interval ends at the current iteration."""
        count = _units.completed_count(trainer.updater, self.unit)
        return count is not None and count % self.period == 0

    def __repr__(self):
        return 'IntervalTrigger({}, {!r})'.format(self.period, self.unit)
