"""Objects given either alone or as a dict by name, with a ``'main'`` entry (the
iterators and optimizers of an updater, the iterators and targets of an evaluator)."""


def as_named(value, what, check=None):
    """Returns ``value`` as a new dict by name: itself when a dict, else
    ``{'main': value}``.

    Args:
        value: one object or a dict of them.
        what (str): what the objects are, for the error message (``'iterator'``).
        check (callable): ``check(name, obj)`` raises on a bad entry; optional.

    Raises:
        KeyError: a dict without a ``'main'`` entry.
    """
    named = dict(value) if isinstance(value, dict) else {'main': value}
    if 'main' not in named:
        raise KeyError("{}s given as a dict need a 'main' entry, got keys {}".format(
            what, sorted(named)))
    if check is not None:
        for name, obj in named.items():
            check(name, obj)
    return named
