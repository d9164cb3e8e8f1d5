"""``TimeTrigger``: fires every fixed number of seconds of training."""


class TimeTrigger(object):
    """Trigger firing when the trainer's elapsed time passes each multiple of a
    period.

    It fires at most once per call: when a call comes late, the next period starts
    from the time it was due, not from the call.

    Args:
        period (float): interval in seconds.
    """

    def __init__(self, period):
        if not period > 0:
            raise ValueError('period must be a positive number of seconds, got '
                             '{!r}'.format(period))
        self._period = period
        self._next_time = period

    def __call__(self, trainer):
        """Returns True when ``trainer.elapsed_time`` passed the next due time."""
        if trainer.elapsed_time > self._next_time:
            self._next_time += self._period
            return True
        return False

    def serialize(self, serializer):
        """Saves or loads the next due time."""
        self._next_time = serializer('next_time', self._next_time)
