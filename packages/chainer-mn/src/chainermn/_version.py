"""Version of the chainer-mn distribution (the single source read by the build backend)."""

__version__ = "1.0.0"

#: What this distribution registers under the ``chainer.plugins`` entry point; ``status``
#: names the function ``python -m chainer`` calls for the state of MPI.
PLUGIN = {"name": "chainer-mn", "version": __version__, "requires_core": ">=1.0,<2",
          "status": "chainermn._mpi:status"}
