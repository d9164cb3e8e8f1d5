"""Access to MPI (mpi4py), loaded on first use, and its state for ``python -m chainer``.

``import chainermn`` does not load the MPI library: a machine without one can still import
the package (and read its version); what needs MPI fails with :class:`MPIUnavailableError`,
which says what to install.
"""
import subprocess
import sys

_INSTALL_HINT = ('install an MPI library and mpi4py (without a system MPI: '
                 'pip install "chainer-mn[mpich]", which brings mpiexec)')


class MPIUnavailableError(RuntimeError):
    """mpi4py is missing or cannot load an MPI library."""


def mpi():
    """Returns the ``mpi4py.MPI`` module (initializing MPI on the first call).

    Raises:
        MPIUnavailableError: naming the cause and what to install.
    """
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise MPIUnavailableError('mpi4py is not installed ({}): {}'.format(e, _INSTALL_HINT))
    except RuntimeError as e:  # mpi4py found no libmpi
        raise MPIUnavailableError('mpi4py cannot load an MPI library ({}): {}'.format(
            str(e).splitlines()[-1] if str(e) else type(e).__name__, _INSTALL_HINT))
    return MPI


def initialized():
    """Whether this process has already initialized MPI (without initializing it)."""
    module = sys.modules.get('mpi4py.MPI')
    return module is not None and module.Is_initialized() and not module.Is_finalized()


_PROBE = ('from mpi4py import MPI; '
          'print(MPI.Get_library_version().splitlines()[0].strip()); '
          'print(MPI.COMM_WORLD.Get_size())')


def status(timeout=30):
    """One line on whether MPI is usable here, for ``python -m chainer``.

    MPI is started in a child process, so the caller's process is left without MPI
    (initializing it cannot be undone, and some launchers forbid a second init).
    """
    try:
        result = subprocess.run([sys.executable, '-c', _PROBE], capture_output=True,
                                text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return 'not usable (starting MPI took over {} s)'.format(timeout)
    if result.returncode != 0:
        lines = [ln for ln in result.stderr.strip().splitlines() if ln.strip()]
        reason = lines[-1] if lines else 'exit status {}'.format(result.returncode)
        return 'not usable ({}): {}'.format(reason, _INSTALL_HINT)
    library = result.stdout.splitlines()[0] if result.stdout else 'unknown MPI'
    return 'usable ({}, mpi4py {})'.format(library, _mpi4py_version())


def _mpi4py_version():
    try:
        import mpi4py
        return mpi4py.__version__
    except ImportError:
        return '?'
