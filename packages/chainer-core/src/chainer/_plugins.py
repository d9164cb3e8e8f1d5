"""Lazy, cached discovery of the ``chainer.backends`` and ``chainer.plugins`` entry points."""
from importlib import metadata

_cache = {}


def entry_points(group):
    """Returns the entry points of ``group`` (scanned once, then cached)."""
    if group not in _cache:
        eps = metadata.entry_points()
        if hasattr(eps, 'select'):
            found = list(eps.select(group=group))
        else:  # Python < 3.10
            found = list(eps.get(group, ()))
        _cache[group] = found
    return _cache[group]


def load_backend(name):
    """Loads and instantiates the backend registered as ``name``, or returns None."""
    for ep in entry_points('chainer.backends'):
        if ep.name == name:
            return ep.load()()
    return None
