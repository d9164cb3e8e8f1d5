"""An uncaught exception on any process aborts the whole MPI job.

Without it, a process that dies leaves the others waiting forever in their next
collective call. ``import chainermn`` installs the hook (set
``CHAINERMN_FORCE_ABORT_ON_EXCEPTION=0`` to leave ``sys.excepthook`` alone); it only acts
when MPI is running with more than one process, after the usual traceback is printed.
"""
import os
import sys

from chainermn import _mpi

_original_hook = None


def _abort_job_hook(exc_type, value, traceback):
    try:
        (_original_hook or sys.__excepthook__)(exc_type, value, traceback)
    finally:
        if _mpi.initialized():
            world = _mpi.mpi().COMM_WORLD
            if world.size > 1:
                sys.stderr.write('chainermn: uncaught {} on rank {} of {}: aborting the MPI '
                                 'job (MPI_Abort)\n'.format(exc_type.__name__, world.rank,
                                                            world.size))
                sys.stderr.flush()
                world.Abort(1)


def add_hook():
    """Installs the hook (idempotent)."""
    global _original_hook
    if sys.excepthook is not _abort_job_hook:
        _original_hook = sys.excepthook
        sys.excepthook = _abort_job_hook


def remove_hook():
    """Restores the ``sys.excepthook`` that was there before :func:`add_hook`."""
    global _original_hook
    if sys.excepthook is _abort_job_hook:
        sys.excepthook = _original_hook or sys.__excepthook__
        _original_hook = None


def is_installed():
    """Whether the hook is the current ``sys.excepthook``."""
    return sys.excepthook is _abort_job_hook


def _add_hook_if_enabled():
    if os.environ.get('CHAINERMN_FORCE_ABORT_ON_EXCEPTION', '1') != '0':
        add_hook()
