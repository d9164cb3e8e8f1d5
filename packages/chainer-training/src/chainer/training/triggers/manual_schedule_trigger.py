"""``ManualScheduleTrigger``: fires at listed iterations or epochs."""
from chainer.training.triggers import _progress, _units


class ManualScheduleTrigger(object):
    """Trigger firing at the given points of the training.

    Like :class:`~chainer.training.triggers.IntervalTrigger`, each call covers the
    training since its call at an earlier iteration, so a point is seen once
    whoever advanced the iterator, and the state is saved with the trainer.

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
        self._progress = _progress.Progress(unit)

    def __call__(self, trainer):
        """Returns True at a listed point."""
        previous, current = self._progress.span(trainer)
        return any(previous < point <= current for point in self.points)

    def serialize(self, serializer):
        """Saves or loads where the last call stopped (a snapshot without it, as
        Chainer v1 wrote, is loaded too)."""
        self._progress.serialize(serializer)
