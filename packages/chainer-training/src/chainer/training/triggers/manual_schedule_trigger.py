"""``ManualScheduleTrigger``: fires at listed iterations or epochs."""
from chainer.training.triggers import _units


class ManualScheduleTrigger(object):
    """Trigger firing at the given points of the training.

    Args:
        points (int, float or list of them): iteration or epoch counts at which to
            fire; epochs may be fractional, as in v1.
        unit (str): ``'iteration'`` or ``'epoch'``; with ``'epoch'`` it fires at the
            iteration during which the (fractional) epoch count reaches each point,
            once even when one iteration passes several points.
    """

    def __init__(self, points, unit):
        self.unit = _units.check_unit(unit)
        if not isinstance(points, (list, tuple, set, frozenset)):
            points = [points]
        self.points = frozenset(_units.check_point(p, 'points', unit) for p in points)

    def __call__(self, trainer):
        """Returns True at a listed point."""
        updater = trainer.updater
        if self.unit == 'iteration':
            return _units.completed_iteration(updater) in self.points
        previous, current = _units.epoch_span(updater)
        return any(previous < point <= current for point in self.points)
