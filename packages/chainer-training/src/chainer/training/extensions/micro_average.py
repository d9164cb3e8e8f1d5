"""``MicroAverage``: the ratio of two reported sums over an interval."""
from chainer import reporter
from chainer.training import _scalar
from chainer.training import extension
from chainer.training import util


class MicroAverage(extension.Extension):
    """Trainer extension that reports the micro-average of a ratio.

    The model reports a numerator (e.g. the number of correct predictions) and a
    denominator (e.g. the batch size) at each iteration. This extension sums both over
    the iterations of an interval and reports ``sum(numerators) / sum(denominators)``
    under ``result_key`` when ``trigger`` fires, then starts new sums. Unlike the mean
    of the per-batch ratios (the macro-average), it weights each batch by its
    denominator, so batches of different sizes count in proportion (Chainer v1.24).

    Iterations whose observation lacks either key add nothing.

    Args:
        numerator_key (str): Observation key of the numerator.
        denominator_key (str): Observation key of the denominator.
        result_key (str): Key under which the ratio is reported.
        trigger: When to report and start over: a trigger or a ``(period, unit)``
            tuple (see :func:`chainer.training.util.get_trigger`). This is not the
            trigger of the extension itself, which runs every iteration.
    """

    priority = extension.PRIORITY_EDITOR

    def __init__(self, numerator_key, denominator_key, result_key,
                 trigger=(1, 'epoch')):
        self._trigger = util.get_trigger(trigger)
        self._numerator_key = numerator_key
        self._denominator_key = denominator_key
        self._result_key = result_key
        self._numerator = 0
        self._denominator = 0

    def __call__(self, trainer):
        """Adds this iteration's values; reports the ratio when the trigger fires."""
        observation = trainer.observation
        if self._numerator_key not in observation or \
                self._denominator_key not in observation:
            return
        self._numerator += _scalar.to_float(observation[self._numerator_key])
        self._denominator += _scalar.to_float(observation[self._denominator_key])
        if self._trigger(trainer):
            result = self._numerator / self._denominator
            self._numerator = 0
            self._denominator = 0
            reporter.report({self._result_key: result})

    def serialize(self, serializer):
        """Saves or loads the sums of the interval in progress and a stateful
        trigger."""
        self._numerator = serializer('_numerator', self._numerator)
        self._denominator = serializer('_denominator', self._denominator)
        if hasattr(self._trigger, 'serialize'):
            self._trigger.serialize(serializer['trigger'])
