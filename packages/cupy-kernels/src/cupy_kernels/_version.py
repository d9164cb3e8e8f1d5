"""Version of the cupy-kernels distribution (the single source read by the build backend)."""

__version__ = "1.0.0"

#: What this distribution registers under the ``chainer.plugins`` entry point.
PLUGIN = {"name": "cupy-kernels", "version": __version__, "requires_core": ">=1.0,<2"}
