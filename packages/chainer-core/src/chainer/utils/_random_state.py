"""Saving and loading a numpy ``RandomState``'s state through a serializer (entries
``rng_keys``, ``rng_pos``, ``rng_has_gauss``, ``rng_cached_gaussian``), checked so that a
damaged file can never give the generator an out-of-range position."""
import numpy

from chainer import serializer as serializer_module

#: Words of the Mersenne Twister's state.
_MT_WORDS = 624


def serialize(serializer, state):
    """Saves ``state`` (``RandomState.get_state()``) or loads one.

    Returns:
        The loaded (or saved) state as a tuple for ``RandomState.set_state``, or None
        when a loaded file has no random state at all (written before it was kept).

    Raises:
        KeyError: a loaded random state lacks some of its entries.

    Raises:
        ValueError: the stored state is not a valid Mersenne Twister state.
    """
    _, keys, pos, has_gauss, cached = state
    try:
        keys = serializer_module._peek(serializer, 'rng_keys', keys.copy())
    except KeyError:  # only a deserializer raises it
        _check_absent(serializer, (('rng_pos', int(pos)), ('rng_has_gauss', int(has_gauss)),
                                   ('rng_cached_gaussian', float(cached))))
        return None
    pos = int(serializer_module._peek(serializer, 'rng_pos', int(pos)))
    has_gauss = int(serializer_module._peek(serializer, 'rng_has_gauss', int(has_gauss)))
    cached = float(serializer_module._peek(serializer, 'rng_cached_gaussian',
                                           float(cached)))
    if not 0 <= pos <= _MT_WORDS or has_gauss not in (0, 1) or \
            numpy.shape(keys) != (_MT_WORDS,):
        raise ValueError('entry {!r}: not a valid random state (position {} of {}, '
                         'has_gauss {})'.format('rng_pos', pos, _MT_WORDS, has_gauss))
    return 'MT19937', numpy.asarray(keys, dtype=numpy.uint32), pos, has_gauss, cached


def _check_absent(serializer, entries):
    """Raises KeyError when some of a random state's ``entries`` are present although
    its keys are not: an incomplete state, not an older file without one."""
    for key, value in entries:
        try:
            serializer_module._peek(serializer, key, value)
        except KeyError:
            continue
        raise KeyError('entry {!r} is present but {!r} is missing: an incomplete random '
                       'state'.format(key, 'rng_keys'))
