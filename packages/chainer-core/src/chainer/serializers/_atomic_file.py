"""Writing a file aside and renaming it into place, so a failed save keeps the old
file intact."""
import contextlib
import os
import tempfile


@contextlib.contextmanager
def atomic_path(filename):
    """Context manager yielding a temporary path next to ``filename``.

    When the block completes, the temporary file replaces ``filename`` (an atomic
    rename on the same file system); when it raises, the temporary file is removed
    and ``filename`` is left untouched.
    """
    filename = os.fspath(filename)
    directory = os.path.dirname(os.path.abspath(filename))
    fd, tmp = tempfile.mkstemp(prefix='.' + os.path.basename(filename) + '.',
                               suffix='.tmp', dir=directory)
    os.close(fd)
    try:
        yield tmp
        os.replace(tmp, filename)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
