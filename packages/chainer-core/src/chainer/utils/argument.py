"""Keyword-argument parsing for functions that take ``**kwargs`` (v7's
``chainer.utils.argument``): the way v2+ APIs accept optional keywords and refuse
removed ones with a helpful message."""
import inspect


def check_unexpected_kwargs(kwargs, **unexpected):
    """Raises ValueError with the given message if ``kwargs`` holds a refused key.

    Args:
        kwargs (dict): the keyword arguments received.
        unexpected: ``key=message`` pairs: a key that must not be passed, and the
            message explaining why (e.g. ``train='use chainer.using_config'``).
    """
    for key, message in unexpected.items():
        if key in kwargs:
            raise ValueError(message)


def parse_kwargs(kwargs, *name_and_values, **unexpected):
    """Takes the named keywords out of ``kwargs`` and returns their values.

    Args:
        kwargs (dict): the keyword arguments received; the parsed keys are removed.
        name_and_values: ``(name, default)`` pairs, in the order the values are
            returned.
        unexpected: refused keys and their messages (see
            :func:`check_unexpected_kwargs`).

    Returns:
        tuple: the value of each name (its default when absent).

    Raises:
        ValueError: a refused key was given.
        TypeError: other keys are left, named in the message with the caller's name
            (as Python's own message for an unexpected keyword).
    """
    values = [kwargs.pop(name, default) for name, default in name_and_values]
    if kwargs:
        check_unexpected_kwargs(kwargs, **unexpected)
        caller = inspect.stack()[1][3]
        raise TypeError('{}() got unexpected keyword argument(s) {}'.format(
            caller, ', '.join(repr(k) for k in sorted(kwargs))))
    return tuple(values)


def assert_kwargs_empty(kwargs):
    """Raises TypeError (naming the caller) unless ``kwargs`` is empty."""
    if kwargs:
        caller = inspect.stack()[1][3]
        raise TypeError('{}() got unexpected keyword argument(s) {}'.format(
            caller, ', '.join(repr(k) for k in sorted(kwargs))))
