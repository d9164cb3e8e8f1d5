"""Triggers that fire when an observed value reaches its best so far."""
import math

from chainer import reporter
from chainer.training import util as trigger_util
from chainer.training._scalar import to_float


class BestValueTrigger(object):
    """Fires when the mean of an observed value over an interval beats the best mean
    of the previous intervals.

    It has to be called at every iteration (as the trigger of an extension is) to
    accumulate the value.

    Args:
        key (str): key of the observation to watch (e.g. ``'validation/main/loss'``).
        compare (callable): ``compare(best, value)`` is True when ``value`` is better.
        trigger: interval over which the value is averaged, a trigger or a
            ``(period, unit)`` tuple.
    """

    def __init__(self, key, compare, trigger=(1, 'epoch')):
        if not isinstance(key, str):
            raise TypeError('key must be a str, got {!r}'.format(key))
        self._key = key
        self._compare = compare
        self._interval_trigger = trigger_util.get_trigger(trigger)
        self._summary = reporter.DictSummary()
        self._best_value = None

    def __call__(self, trainer):
        """Accumulates the value; at the end of the interval returns whether its mean
        is a new best."""
        key = self._key
        observation = trainer.observation
        if key in observation:
            self._summary.add({key: observation[key]})
        if not self._interval_trigger(trainer):
            return False
        stats = self._summary.compute_mean()
        self._summary = reporter.DictSummary()
        if key not in stats:
            raise KeyError('{}: the key {!r} was not reported during the interval (keys '
                           'seen now: {})'.format(type(self).__name__, key,
                                                  sorted(observation)))
        value = to_float(stats[key])
        if self._best_value is None or self._compare(self._best_value, value):
            self._best_value = value
            return True
        return False

    def serialize(self, serializer):
        """Saves or loads the best value so far and the current accumulation."""
        best = math.nan if self._best_value is None else self._best_value
        best = float(serializer('best_value', best))
        self._best_value = None if math.isnan(best) else best
        self._summary.serialize(serializer['summary'])
        if hasattr(self._interval_trigger, 'serialize'):
            self._interval_trigger.serialize(serializer['interval_trigger'])


class MaxValueTrigger(BestValueTrigger):
    """Fires when the mean of ``key`` over the interval is the largest so far.

    Args:
        key (str): key of the observation to watch.
        trigger: averaging interval, ``(1, 'epoch')`` by default.
    """

    def __init__(self, key, trigger=(1, 'epoch')):
        super().__init__(key, lambda best, value: value > best, trigger)


class MinValueTrigger(BestValueTrigger):
    """Fires when the mean of ``key`` over the interval is the smallest so far.

    Args:
        key (str): key of the observation to watch.
        trigger: averaging interval, ``(1, 'epoch')`` by default.
    """

    def __init__(self, key, trigger=(1, 'epoch')):
        super().__init__(key, lambda best, value: value < best, trigger)
