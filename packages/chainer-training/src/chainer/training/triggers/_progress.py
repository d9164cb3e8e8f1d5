"""``Progress``: what an iteration or epoch trigger remembers between its calls, so
that it sees each stretch of the training exactly once, whoever advanced the
iterator."""
import math
import warnings
import numbers

from chainer import serializer as serializer_module
from chainer.training.triggers import _units


def _number(value, kind):
    """``value`` as ``kind`` (int or float) when it is a real number, else None."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        return None
    return kind(value)


class Progress(object):
    """The stretch of the training that each call of a trigger covers.

    A call at iteration ``i`` covers ``(start, current]`` in the trigger's unit
    (``current``: the updater's iteration or ``epoch_detail`` now). ``start`` is
    where the last call at an earlier iteration stopped, so the stretches of
    successive iterations join without overlap: a boundary is passed in exactly one
    of them, whether the update advanced the iterator or an extension drew a batch
    from it after the trigger had looked (the updater's ``previous_epoch_detail``
    only spans the last draw, which may not be the update's). Calls at the same
    iteration (one trigger object used as the stop trigger and an extension's
    trigger) all cover that iteration's stretch, extended to ``current``, and agree.

    A new trigger starts at 0, as in later Chainer releases: its first call covers
    the training from its start, so a trigger first called late fires once for the
    boundaries passed before. After loading a snapshot that kept none of this
    (Chainer v1 triggers kept no state), for a new trigger of a resumed training
    (a trainer or updater restored from a snapshot, or a trainer built over an
    updater that had already done updates: an extension registered after the
    resume, a v1 script resuming the updater alone), or when the counts
    went back, ``start`` is derived from the updater: ``iteration - 1``, or
    ``previous_epoch_detail`` (see :func:`~chainer.training.triggers._units.epoch_span`),
    covering the last iteration only, as v1's stateless triggers did.

    The state is serialized under the keys of later Chainer releases
    (``previous_iteration``, ``previous_epoch_detail``: the counts at the last
    call; -1 when unknown) and ``span_start``.

    Args:
        unit (str): ``'iteration'`` or ``'epoch'``.
    """

    def __init__(self, unit):
        self.unit = _units.check_unit(unit)
        self.iteration = 0  # updater.iteration at the last call (None: unknown)
        self.epoch_detail = 0.0  # updater.epoch_detail at the last call
        self.start = None  # start of the stretch covered by the last call
        self._fresh = True  # neither called nor loaded yet

    def _last(self):
        return self.iteration if self.unit == 'iteration' else self.epoch_detail

    def _derived_start(self, updater, current):
        if self.unit == 'iteration':
            return current - 1 if current > 0 else current
        return _units.epoch_span(updater)[0]

    def span(self, trainer):
        """Returns ``(start, current)`` for a call now, and remembers it."""
        updater = trainer.updater
        iteration = updater.iteration
        current = iteration if self.unit == 'iteration' else updater.epoch_detail
        if self._fresh and _resumed(trainer):
            self.iteration = None  # a new trigger of a resumed training (see above)
        self._fresh = False
        last = self._last()
        if self.iteration is None or last is None or iteration < self.iteration or \
                current < last:
            start = self._derived_start(updater, current)
        elif iteration == self.iteration and self.start is not None:
            start = self.start
        else:
            start = last
        self.iteration = _number(iteration, int)
        self.epoch_detail = _number(getattr(updater, 'epoch_detail', None), float)
        self.start = _number(start, int if self.unit == 'iteration' else float)
        return start, current

    def serialize(self, serializer):
        """Saves or loads the counts at the last call; entries missing from the
        snapshot (Chainer v1 saved none) leave them unknown."""
        start_kind = int if self.unit == 'iteration' else float
        iteration = _entry(serializer, 'previous_iteration', self.iteration, int)
        epoch_detail = _entry(serializer, 'previous_epoch_detail', self.epoch_detail,
                              float)
        start = _entry(serializer, 'span_start', self.start, start_kind)
        if serializer_module._is_validating(serializer):
            return
        if isinstance(serializer, serializer_module.Deserializer):
            self._fresh = False
        if iteration is None and epoch_detail is None and \
                isinstance(serializer, serializer_module.Deserializer):
            warnings.warn('the snapshot keeps no state of this trigger (Chainer v1 '
                          'saved none): where its last call stopped is guessed from '
                          'the updater, which is right when it is called at every '
                          'iteration', stacklevel=4)
        self.iteration, self.epoch_detail, self.start = iteration, epoch_detail, start


def _resumed(trainer):
    """Whether ``trainer`` continues a training begun elsewhere."""
    updater = trainer.updater
    if getattr(trainer, '_restored', False) is True or \
            getattr(updater, '_restored', False) is True:
        return True
    built_at = getattr(trainer, '_built_at_iteration', 0)
    return isinstance(built_at, int) and built_at > 0


def _entry(serializer, key, value, kind):
    """Saves ``value`` (None, or a negative start, as -1) under ``key``, or returns
    the loaded value: None when it is missing, negative or not finite."""
    saved = kind(-1) if value is None or value < 0 else kind(value)
    try:
        loaded = serializer(key, saved)
    except KeyError:
        return None
    loaded = _number(loaded, kind)
    if loaded is None or not math.isfinite(loaded) or loaded < 0:
        return None
    return loaded
