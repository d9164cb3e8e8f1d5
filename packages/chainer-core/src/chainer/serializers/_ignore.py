"""The ``ignore_names`` option of the deserializers (Chainer v7): entries to skip."""


def normalize(ignore_names):
    """Returns ``ignore_names`` as a tuple of names (str) and predicates (callables).

    Args:
        ignore_names: None, a name, a callable taking an entry's path and returning
            True to skip it, or a list or tuple of them.

    Raises:
        ValueError: an element is neither a str nor a callable.
    """
    if ignore_names is None:
        return ()
    if not isinstance(ignore_names, (list, tuple)):
        ignore_names = (ignore_names,)
    for rule in ignore_names:
        if not isinstance(rule, str) and not callable(rule):
            raise ValueError('ignore_names takes names (str), callables or a list of '
                             'them, got {!r}'.format(rule))
    return tuple(ignore_names)


def is_ignored(rules, path):
    """True when the entry ``path`` (from the root of the load, e.g. ``'l1/W'``)
    matches one of ``rules`` (see :func:`normalize`)."""
    for rule in rules:
        if rule == path if isinstance(rule, str) else rule(path):
            return True
    return False
