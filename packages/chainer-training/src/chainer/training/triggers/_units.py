"""Counting units shared by the triggers: iterations and epochs."""
import numbers

UNITS = ('iteration', 'epoch')


def check_unit(unit):
    if unit not in UNITS:
        raise ValueError("unit must be 'iteration' or 'epoch', got {!r}".format(unit))
    return unit


def check_count(value, name):
    """Checks that ``value`` is a positive integer count."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise ValueError('{} must be a positive integer, got {!r}'.format(name, value))
    return int(value)


def completed_count(updater, unit):
    """The count that just completed in ``unit`` at this iteration, or None.

    For ``'iteration'`` it is the iteration count (once at least one update is
    done); for ``'epoch'`` it is the epoch count, only at the iteration that
    finished that epoch (``updater.is_new_epoch``).
    """
    if unit == 'iteration':
        iteration = updater.iteration
        return iteration if iteration > 0 else None
    return updater.epoch if updater.is_new_epoch else None
