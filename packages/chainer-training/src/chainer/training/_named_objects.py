"""Objects given either alone or as a dict by name (the iterators and optimizers of an
updater, the iterators and targets of an evaluator); the one named ``'main'`` is the
one the default routines use."""


def as_named(value, what, check=None):
    """Returns ``value`` as a new dict by name: itself when a dict, else
    ``{'main': value}``.

    A dict needs no ``'main'`` entry, as in v1: an updater with its own
    ``update_core`` may name its optimizers as it likes (``{'gen': ..., 'dis': ...}``);
    only the default routines look the main one up, through :func:`main_of`.

    Args:
        value: one object or a dict of them.
        what (str): what the objects are, for the error messages (``'iterator'``).
        check (callable): ``check(name, obj)`` raises on a bad entry; optional.
    """
    named = dict(value) if isinstance(value, dict) else {'main': value}
    if check is not None:
        for name, obj in named.items():
            check(name, obj)
    return named


class MissingMainError(KeyError):
    """The default routine of an updater or evaluator needs a ``'main'`` entry that
    the dict it was given lacks (a KeyError, as v1 raises there)."""

    def __str__(self):
        return self.args[0]


def main_of(named, what):
    """The ``'main'`` entry of ``named``; raises :class:`MissingMainError` naming the
    entries there are and what to do when it is missing."""
    try:
        return named['main']
    except KeyError:
        raise MissingMainError(
            "no {0} named 'main' (the {0}s are {1}): the default routines use the main "
            "{0}; name one 'main' or override them (e.g. update_core)".format(
                what, sorted(named))) from None
