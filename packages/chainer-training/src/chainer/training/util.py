"""``get_trigger``: builds a trigger object from what the user gives (the v1 module
``chainer.training.util``; :mod:`chainer.training.trigger` re-exports it)."""
from chainer.training.triggers import interval


def _never_fire_trigger(trainer):
    return False


def get_trigger(trigger):
    """Gets a trigger object.

    A trigger is a callable that takes the trainer and returns whether an event fires.

    Args:
        trigger: a callable (returned as is), None (a trigger that never fires) or a
            tuple ``(period, unit)`` given to
            :class:`~chainer.training.triggers.IntervalTrigger`.

    Returns:
        The trigger object.
    """
    if callable(trigger):
        return trigger
    if trigger is None:
        return _never_fire_trigger
    if not isinstance(trigger, (tuple, list)) or len(trigger) != 2:
        raise TypeError("trigger must be a callable, None or a (period, unit) tuple such "
                        "as (1, 'epoch'), got {!r}".format(trigger))
    return interval.IntervalTrigger(*trigger)
