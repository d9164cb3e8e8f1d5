"""``ManualScheduleTrigger``: fires at listed iterations or epochs."""
from chainer import serializer as serializer_module
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

    Attributes:
        finished (bool): True once the call covering the last point has fired (no
            point is left to fire at).
    """

    def __init__(self, points, unit):
        self.unit = _units.check_unit(unit)
        if not isinstance(points, (list, tuple, set, frozenset)):
            points = [points]
        self.points = frozenset(_units.check_point(p, 'points', unit) for p in points)
        self._progress = _progress.Progress(unit)
        self.finished = False
        self._finished_unknown = False  # loaded from a snapshot without the flag

    def __call__(self, trainer):
        """Returns True at a listed point."""
        previous, current = self._progress.span(trainer)
        fire = any(previous < point <= current for point in self.points)
        last = max(self.points) if self.points else 0
        if current >= last and (fire or self._finished_unknown):
            self.finished = True
        self._finished_unknown = False
        return fire

    def serialize(self, serializer):
        """Saves or loads where the last call stopped (a snapshot without it, as
        Chainer v1 wrote, is loaded too, with a warning; ``finished`` is then
        decided at the next call)."""
        self._progress.serialize(serializer)
        try:
            finished = bool(serializer('finished', self.finished))
        except KeyError:  # Progress.serialize warned
            self.finished, self._finished_unknown = False, True
            return
        if not serializer_module._is_validating(serializer):
            self.finished = finished
