"""``IntervalTrigger``: fires every fixed number of iterations or epochs."""
from chainer.training.triggers import _progress, _units


class IntervalTrigger(object):
    """Trigger based on a fixed interval.

    With unit ``'iteration'`` it fires at iterations whose count is a multiple of
    ``period``. With unit ``'epoch'`` it fires at the iteration during which the
    (fractional) epoch count reaches a multiple of ``period``; as in v1, the period
    may be fractional (``(0.5, 'epoch')`` fires twice per epoch) and the epoch needs
    not end on an iteration boundary.

    Each call covers the training since its call at an earlier iteration (see
    :class:`~chainer.training.triggers._progress.Progress`), so it fires once for
    each multiple reached, whether the update or an extension drawing from the main
    iterator (a GAN script rendering samples) advanced the epoch, and however many
    batches an iteration draws. Calls at one iteration agree, so one object may be
    both the stop trigger and an extension's trigger. What it remembers is saved
    with the trainer, so a resumed training fires where the uninterrupted one would.

    Args:
        period (int or float): length of the interval; an integer for
            ``'iteration'``.
        unit (str): ``'iteration'`` or ``'epoch'``.
    """

    def __init__(self, period, unit):
        self.unit = _units.check_unit(unit)
        self.period = _units.check_point(period, 'period', unit)
        self._progress = _progress.Progress(unit)

    def __call__(self, trainer):
        """Returns True if the interval ends at the current iteration."""
        return _units.multiples_crossed(self._progress.span(trainer), self.period)

    def serialize(self, serializer):
        """Saves or loads where the last call stopped (a snapshot without it, as
        Chainer v1 wrote, is loaded too)."""
        self._progress.serialize(serializer)

    def get_training_length(self):
        """Returns ``(period, unit)``: the length of a training this trigger stops."""
        return self.period, self.unit

    def __repr__(self):
        return 'IntervalTrigger({}, {!r})'.format(self.period, self.unit)
