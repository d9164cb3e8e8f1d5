"""Atomic file output for extensions: write a temporary file, then rename it."""
import os
import tempfile


def atomic_write(directory, filename, write):
    """Creates ``directory/filename`` through a temporary file in the same directory
    that replaces the target only once complete, so that a crash mid-write never
    leaves a truncated file in place of the last good one.

    Args:
        directory (str): output directory (created when missing).
        filename (str): name of the file inside ``directory``.
        write (callable): ``write(path)`` writes the whole content to ``path``.

    Returns:
        str: the path of the written file.
    """
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, filename)
    fd, tmp = tempfile.mkstemp(prefix='tmp' + os.path.basename(filename),
                               dir=os.path.dirname(path) or '.')
    os.close(fd)
    try:
        write(tmp)
        # mkstemp makes the file private (0600): give it the usual permissions
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    return path


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write_text(directory, filename, text):
    """Writes ``text`` (UTF-8) atomically to ``directory/filename``."""
    def write(path):
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
    return atomic_write(directory, filename, write)
