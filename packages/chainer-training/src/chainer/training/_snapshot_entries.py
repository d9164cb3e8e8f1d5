"""Checks of the training-loop entries of a snapshot while it loads, with errors that
name each entry by its full path in the file (``updater/iteration``), as the errors
about model entries do."""
import contextlib
import math
import numbers

import numpy

from chainer import serializer as serializer_module


def full_path(serializer, key):
    """The full path of the entry ``key`` of ``serializer`` (``key`` itself when the
    serializer does not tell its path)."""
    path = getattr(serializer, 'path', None)
    return path + key if isinstance(path, str) else key


def _as_count(value):
    """``value`` as a Python number when it is a real scalar, else None."""
    if isinstance(value, numpy.ndarray):
        if value.ndim != 0:
            return None
        value = value[()]
    if isinstance(value, (bool, numpy.bool_)) or \
            not isinstance(value, (numbers.Real, numpy.number)):
        return None
    return float(value)


def load_count(serializer, key, value, what):
    """``serializer(key, value)`` for a counter (an iteration count): when loading,
    ValueError naming the entry unless the stored value is a whole number of at
    least 0 (-1, infinity, NaN and fractions are refused).

    Returns:
        The value the caller assigns: the stored one when loading, ``value`` itself
        in the validating pass of an all-or-nothing load.
    """
    if not isinstance(serializer, serializer_module.Deserializer):
        return serializer(key, value)
    loaded = serializer_module._peek(serializer, key, value)
    number = _as_count(loaded)
    if number is None or not math.isfinite(number) or number < 0 or \
            number != int(number):
        raise ValueError('entry {!r} holds {!r}, but {} must be a whole number of at '
                         'least 0'.format(full_path(serializer, key), loaded, what))
    return value if serializer_module._is_validating(serializer) else loaded


@contextlib.contextmanager
def naming_entries(serializer):
    """Context manager adding the path of ``serializer``'s entries to a ValueError
    raised while an object loads through it, unless the message names its entry
    already (the object's own checks know its keys, not where they are stored)."""
    try:
        yield
    except ValueError as e:
        path = getattr(serializer, 'path', None)
        entry = getattr(e, 'entry', None)  # a check that knows its key
        if isinstance(entry, str) and isinstance(path, str) and \
                isinstance(serializer, serializer_module.Deserializer):
            raise ValueError('entry {!r} of the snapshot: {}'.format(
                path + entry, str(e).split(': ', 1)[-1])) from e
        if type(e) is not ValueError or \
                not isinstance(serializer, serializer_module.Deserializer) or \
                not isinstance(path, str) or not path or path in str(e):
            raise
        raise ValueError('entries {!r} of the snapshot: {}'.format(
            path + '*', e)) from e
