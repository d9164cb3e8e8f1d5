"""An inter-process exclusive lock on a lock file (``fcntl.flock`` on POSIX)."""
import contextlib
import os

try:
    import fcntl
except ImportError:  # pragma: no cover - non-POSIX
    fcntl = None


@contextlib.contextmanager
def file_lock(path):
    """Holds an exclusive lock on ``path`` (created if missing) for the ``with`` block.

    Processes and threads calling this with the same path run their blocks one at a
    time. Where ``fcntl`` is missing (Windows) no lock is taken; callers stay correct
    because they publish files by atomic rename, they may just do the work twice.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        # Closing the descriptor releases the flock.
        os.close(fd)
