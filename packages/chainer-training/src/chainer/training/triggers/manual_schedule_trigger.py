"""``ManualScheduleTrigger``: fires at listed iterations or epochs."""
from chainer.training.triggers import _units


class ManualScheduleTrigger(object):
    """Trigger firing at the given points of the training.

    Args:
        points (int or list of int): iteration or epoch counts at which to fire.
        unit (str): ``'iteration'`` or ``'epoch'``; with ``'epoch'`` it fires at the
            iteration completing each listed epoch.
    """

    def __init__(self, points, unit):
        self.unit = _units.check_unit(unit)
        if not isinstance(points, (list, tuple, set, frozenset)):
            points = [points]
        self.points = frozenset(_units.check_count(p, 'points') for p in points)

    def __call__(self, trainer):
        """Returns True at a listed point."""
        return _units.completed_count(trainer.updater, self.unit) in self.points
