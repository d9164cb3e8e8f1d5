"""Averages of observed values over trigger intervals, shared by LogReport and
PlotReport."""
import json

from chainer import reporter
from chainer import serializer as serializer_module
from chainer.training import _snapshot_entries
from chainer.training import util as trigger_util
from chainer.training._scalar import to_float


class IntervalSummary(object):
    """Accumulates chosen observations at every call and, when ``trigger`` fires,
    returns their means (as floats, with ``epoch``, ``iteration`` and
    ``elapsed_time``) and starts a fresh summary.

    Args:
        keys (iterable of str or None): keys to accumulate; all when None.
        trigger: when to emit, a trigger or ``(period, unit)`` tuple.
    """

    def __init__(self, keys, trigger):
        self.keys = None if keys is None else list(keys)
        self.trigger = trigger_util.get_trigger(trigger)
        self.summary = reporter.DictSummary()

    def add(self, trainer):
        """Accumulates the current observation; returns the means when the interval
        ends, else None."""
        observation = trainer.observation
        if self.keys is not None:
            observation = {k: observation[k] for k in self.keys if k in observation}
        self.summary.add(observation)
        if not self.trigger(trainer):
            return None
        stats = {key: to_float(value)
                 for key, value in self.summary.compute_mean().items()}
        updater = trainer.updater
        stats['epoch'] = updater.epoch
        stats['iteration'] = updater.iteration
        stats['elapsed_time'] = trainer.elapsed_time
        self.summary = reporter.DictSummary()
        return stats

    def serialize(self, serializer):
        """Saves or loads the running summary and a stateful trigger.

        The entries are named as Chainer v7 names them (``_trigger/...``,
        ``_summary/...``). A snapshot without a summary (Chainer v1.14 saved none)
        starts a fresh one.
        """
        if hasattr(self.trigger, 'serialize'):
            self.trigger.serialize(serializer['_trigger'])
        self.summary = serialize_summary(serializer['_summary'], self.summary)


def serialize_summary(serializer, summary):
    """Saves or loads a :class:`~chainer.reporter.DictSummary`; returns the summary to
    keep: a fresh one when a loaded snapshot has none (Chainer v1 saved none)."""
    try:
        summary.serialize(serializer)
    except KeyError:
        if not serializer_module._is_validating(serializer):
            return reporter.DictSummary()
    return summary


def serialize_json(serializer, key, value):
    """Saves ``value`` as a JSON string under ``key``, or loads and returns it (in the
    first pass of an all-or-nothing load: checks it and returns ``value``)."""
    loaded = serializer_module._peek(serializer, key, json.dumps(value))
    try:
        loaded = json.loads(str(loaded))
    except ValueError as e:
        raise ValueError('entry {!r} is not valid JSON: {}'.format(
            _snapshot_entries.full_path(serializer, key), e)) from None
    if type(loaded) is not type(value):
        raise ValueError('entry {!r} holds a JSON {} where a {} is expected'.format(
            _snapshot_entries.full_path(serializer, key), type(loaded).__name__,
            type(value).__name__))
    return value if serializer_module._is_validating(serializer) else loaded
