"""Validation of link constructor arguments, with errors naming the argument."""
import numbers


def positive_int(value, name, allow_none=False):
    """Returns ``value`` as an int after checking that it is a positive integer.

    Args:
        value: the argument to check.
        name (str): the argument's name, used in the error message.
        allow_none (bool): accept None (lazy sizes) and return it unchanged.
    """
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value <= 0:
        expected = 'a positive int or None' if allow_none else 'a positive int'
        raise ValueError('{} must be {}, got {!r}'.format(name, expected, value))
    return int(value)


def int_tuple(value, n, name, minimum=0):
    """Expands an int or a length-``n`` sequence of ints into a tuple of ``n`` ints.

    Args:
        value: an int ``k`` (meaning ``(k,) * n``) or a sequence of ``n`` ints.
        n (int): the length of the result (the number of spatial axes).
        name (str): the argument's name, used in the error message.
        minimum (int): the smallest accepted entry.
    """
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = (value,) * n
    if not isinstance(value, (tuple, list)) or len(value) != n or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) and v >= minimum
            for v in value):
        raise ValueError('{} must be an int or a sequence of {} ints, each >= {}, got '
                         '{!r}'.format(name, n, minimum, value))
    return tuple(int(v) for v in value)


def shape_tuple(value, name):
    """Returns ``value`` (an int or a sequence of non-negative ints) as a shape tuple.

    Raises:
        TypeError: when ``value`` is not an int or a sequence of ints (as numpy, and
            so v1, did for such a shape).
        ValueError: when an entry is negative.
    """
    if _is_int(value):
        value = (value,)
    if not isinstance(value, (tuple, list)) or not all(_is_int(v) for v in value):
        raise TypeError('{} must be a shape (an int or a tuple of non-negative ints), '
                        'got {!r}'.format(name, value))
    if any(v < 0 for v in value):
        raise ValueError('{} must be a shape (an int or a tuple of non-negative ints), '
                         'got {!r}'.format(name, value))
    return tuple(int(v) for v in value)


def _is_int(value):
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)
