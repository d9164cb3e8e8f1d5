"""Lazy, cached discovery of the ``chainer.backends`` and ``chainer.plugins`` entry points.

Nothing here runs at ``import chainer``: :mod:`importlib.metadata` itself is imported on
the first call (it costs several milliseconds), the installed distributions are scanned
once, and every result is cached for the life of the process.

Entry-point groups:

* ``chainer.backends``: ``name = module:Factory``; ``Factory()`` returns the device backend
  behind :mod:`chainer.cuda` (``cupy-kernels`` registers ``cuda``).
* ``chainer.plugins``: one entry per Chainer distribution. The distribution's name,
  version and requirements are read from its installed metadata, which is what pip
  resolved; the entry point object (a ``PLUGIN`` dict) is loaded only by the runtime
  report, for an optional ``"status": "module:function"`` giving a one-line state
  (chainer-mn: whether MPI is usable).
"""
import collections
import re

#: An installed distribution: normalized ``name``, ``version``, ``requires`` (the
#: ``Requires-Dist`` strings), and ``is_plugin`` (it registers ``chainer.plugins``).
Distribution = collections.namedtuple(
    'Distribution', ('name', 'version', 'requires', 'is_plugin'))

_entry_points = {}
_backends = {}
_distributions = []


def normalize_name(name):
    """Returns the PEP 503 normalized form of a distribution name (``Chainer_Core`` ->
    ``chainer-core``)."""
    return re.sub(r'[-_.]+', '-', name).lower()


def entry_points(group):
    """Returns the entry points of ``group`` (scanned once, then cached)."""
    if group not in _entry_points:
        from importlib import metadata
        eps = metadata.entry_points()
        if hasattr(eps, 'select'):
            found = list(eps.select(group=group))
        else:  # Python < 3.10 returns a dict of groups
            found = list(eps.get(group, ()))
        _entry_points[group] = found
    return _entry_points[group]


def load_backend(name):
    """Returns the backend registered as ``name`` (instantiated once), or None.

    Raises whatever loading the entry point raises (e.g. ImportError of a broken install),
    and does not cache that failure, so the caller can report it.
    """
    if name not in _backends:
        for ep in entry_points('chainer.backends'):
            if ep.name == name:
                _backends[name] = ep.load()()
                break
        else:
            _backends[name] = None
    return _backends[name]


def distributions():
    """Returns every installed distribution as a list of :class:`Distribution`.

    Scanned once and cached. When the same name is installed twice on ``sys.path`` the
    first one wins, as it does for imports.
    """
    if not _distributions:
        from importlib import metadata
        seen = set()
        for dist in metadata.distributions():
            raw_name = dist.metadata['Name']
            if not raw_name:  # a broken or half-removed install
                continue
            name = normalize_name(raw_name)
            if name in seen:
                continue
            seen.add(name)
            is_plugin = any(ep.group == 'chainer.plugins' for ep in dist.entry_points)
            _distributions.append(
                Distribution(name, dist.version, tuple(dist.requires or ()), is_plugin))
    return list(_distributions)


def plugin_distributions():
    """Returns the installed Chainer distributions (those registering ``chainer.plugins``),
    sorted by name."""
    return sorted((d for d in distributions() if d.is_plugin), key=lambda d: d.name)
