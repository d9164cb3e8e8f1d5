"""Counting units shared by the triggers: iterations and (possibly fractional) epochs."""
import math
import numbers

UNITS = ('iteration', 'epoch')
_UNKNOWN = object()


def check_unit(unit):
    if unit not in UNITS:
        raise ValueError("unit must be 'iteration' or 'epoch', got {!r}".format(unit))
    return unit


def check_count(value, name):
    """Checks that ``value`` is a positive integer count."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        raise ValueError('{} must be a positive integer, got {!r}'.format(name, value))
    return int(value)


def check_point(value, name, unit):
    """Checks a point of time in ``unit``: a positive integer count of iterations, or
    a positive, possibly fractional, number of epochs (v1 accepts ``(1.5, 'epoch')``:
    the trainer's epochs are fractional through ``updater.epoch_detail``)."""
    if unit == 'iteration':
        return check_count(value, name)
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value > 0:
        raise ValueError('{} must be a positive number of epochs, got {!r}'.format(
            name, value))
    return int(value) if value == int(value) else float(value)


def completed_iteration(updater):
    """The iteration count once at least one update is done, else None."""
    iteration = updater.iteration
    return iteration if iteration > 0 else None


def epoch_span(updater):
    """``(previous, current)`` epoch details around the last update: the epochs the
    last update went through are those in ``(previous, current]``.

    ``previous`` is the updater's ``previous_epoch_detail`` when it gives a number
    (None, before the first update, becomes ``-inf``). Updaters written for older v1
    releases have none (and a ``mock.Mock`` updater gives a Mock); the epoch then
    advances by the same amount each iteration (a fixed batch size), so it is
    ``current * (iteration - 1) / iteration`` (rounded to 9 decimals). Either way
    nothing is remembered between calls, so a trigger behaves the same after a resume.
    """
    current = updater.epoch_detail
    previous = getattr(updater, 'previous_epoch_detail', _UNKNOWN)
    if previous is None:
        return -math.inf, current
    if isinstance(previous, numbers.Real):
        return previous, current
    iteration = updater.iteration
    if iteration <= 0:
        return current, current
    # Rounded: the product can fall just below an epoch boundary that the previous
    # iteration reached exactly (1.9999999999999998 for 2), and the boundary would
    # then count as crossed twice. Consecutive epoch details differ by a batch over the
    # dataset's length, far above 1e-9.
    return round(current * (iteration - 1) / iteration, 9), current


def multiples_crossed(span, period):
    """Whether a positive multiple of ``period`` lies in the half-open ``span``."""
    previous, current = span
    # No multiple is reached before the training starts (previous may be -inf).
    before = math.floor(previous / period) if previous > 0 else 0
    return math.floor(current / period) > before
