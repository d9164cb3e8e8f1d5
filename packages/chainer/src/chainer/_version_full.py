"""Version of the ``chainer`` distribution, the full training profile (the single source
read by the build backend). Its major version is chainer-core's plus 7 (chainer-core 1.x
is ``chainer`` 8.x), so it is always above the original Chainer's last release (7.8.1)."""

__version__ = "8.0.0"

#: What this distribution registers under the ``chainer.plugins`` entry point.
PLUGIN = {"name": "chainer", "version": __version__, "requires_core": ">=1.0,<2"}
