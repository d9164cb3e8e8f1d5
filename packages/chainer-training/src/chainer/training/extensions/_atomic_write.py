"""Atomic file output for extensions: write a temporary file, then rename it."""
import os

from chainer.serializers import _atomic_file


def atomic_write(directory, filename, write):
    """Creates ``directory/filename`` through a temporary file in the same directory
    that replaces the target only once complete, so that a crash mid-write never
    leaves a truncated file in place of the last good one.

    The temporary is named ``tmp<filename>.<pid>.<host>.<random>``; temporaries of
    the same target left by writers that were killed are removed first. The file
    gets the mode ``open`` would give it (the umask applies), or the mode of the
    file it replaces.

    Args:
        directory (str): output directory (created when missing).
        filename (str): name of the file inside ``directory``.
        write (callable): ``write(path)`` writes the whole content to ``path``.

    Returns:
        str: the path of the written file.
    """
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, filename)
    with _atomic_file.atomic_path(path, prefix='tmp') as tmp:
        write(tmp)
    return path


def atomic_write_text(directory, filename, text):
    """Writes ``text`` (UTF-8) atomically to ``directory/filename``."""
    def write(path):
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
    return atomic_write(directory, filename, write)
