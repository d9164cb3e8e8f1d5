"""Version of the chainer-core distribution (the single source read by the build backend)."""

__version__ = "1.0.0"

#: What this distribution registers under the ``chainer.plugins`` entry point.
PLUGIN = {"name": "chainer-core", "version": __version__, "requires_core": None}
