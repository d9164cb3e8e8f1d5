"""Writing a file aside and renaming it into place, so a failed save keeps the old
file intact, with temporaries that the next save can recognize and clear.

A temporary's name is ``.<name>.<pid>.<host>.<random>.tmp`` (or
``<prefix><name>.<pid>.<host>.<random>``): ``pid`` is
the writer's process id and ``host`` a tag of the machine's name, so that a later
save of the same target can tell the temporaries left by a killed writer (its
process is gone) from those of a writer still at work (kept).
"""
import contextlib
import os
import re
import secrets
import socket
import stat
import zlib

#: One ``.<pid>.<host>.<random>`` group of a temporary's name.
_GROUP = r'\.(\d+)\.([0-9a-f]{8})\.[0-9a-f]{8}'


def _host_tag():
    return '{:08x}'.format(zlib.crc32(socket.gethostname().encode('utf-8', 'replace')))


def _pid_alive(pid):
    """Whether process ``pid`` may still run (True when that cannot be told)."""
    if os.name == 'nt':  # os.kill(pid, 0) would send CTRL_C_EVENT there
        return True
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: alive, owned by another user
        return True
    try:  # a killed child not reaped yet is a zombie: it writes nothing any more
        with open('/proc/{}/stat'.format(pid), 'rb') as f:
            return f.read().rsplit(b')', 1)[-1].split()[0] != b'Z'
    except (OSError, IndexError):
        return True


def remove_stale(directory, stem_pattern):
    """Removes the temporaries in ``directory`` whose stem matches the regular
    expression ``stem_pattern`` and whose every writer process (named by the pids
    in the name) is gone, on this machine.

    Both forms are recognized: ``.<stem>.<groups>.tmp`` and ``<stem>.<groups>``,
    where ``<groups>`` is one or more ``.<pid>.<host>.<random>`` (a temporary
    written inside another temporary's name carries both groups).

    Returns:
        list of str: the names removed.
    """
    group = r'\.\d+\.[0-9a-f]{8}\.[0-9a-f]{8}'
    name_re = re.compile(r'(?:\.(?:{0})((?:{1})+)\.tmp|(?:{0})((?:{1})+))\Z'.format(
        stem_pattern, group))
    host = _host_tag()
    removed = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        match = name_re.match(name)
        if match is None:
            continue
        groups = re.findall(_GROUP, match.group(1) or match.group(2))
        if any(tag != host or _pid_alive(int(pid)) for pid, tag in groups):
            continue
        try:
            os.remove(os.path.join(directory, name))
        except OSError:
            continue
        removed.append(name)
    return removed


def _create_temporary(directory, stem, hidden, mode):
    """Creates a new empty file named as a temporary of ``stem``; returns its path."""
    lead, trail = ('.', '.tmp') if hidden else ('', '')
    base = '{}{}.{}.{}.'.format(lead, stem, os.getpid(), _host_tag())
    while True:
        path = os.path.join(directory, base + secrets.token_hex(4) + trail)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue
        os.close(fd)
        return path


def _existing_mode(filename):
    try:
        return stat.S_IMODE(os.stat(filename).st_mode)
    except OSError:
        return None


@contextlib.contextmanager
def atomic_path(filename, prefix=None):
    """Context manager yielding a temporary path next to ``filename``.

    When the block completes, the temporary file replaces ``filename`` (an atomic
    rename on the same file system); when it raises, the temporary file is removed
    and ``filename`` is left untouched. Temporaries of ``filename`` left by killed
    writers are removed first.

    The new file gets the mode an ordinary ``open`` would give it (``0o666`` less
    the umask, as :func:`numpy.savez`), or the mode of the file it replaces.

    Args:
        filename (str or path-like): the target.
        prefix (str): None names the temporary ``.<name>.<pid>.<host>.<random>.tmp``;
            a string names it ``<prefix><name>.<pid>.<host>.<random>``.
    """
    filename = os.fspath(filename)
    directory = os.path.dirname(os.path.abspath(filename))
    stem = os.path.basename(filename) if prefix is None else \
        prefix + os.path.basename(filename)
    remove_stale(directory, re.escape(stem))
    mode = _existing_mode(filename)
    tmp = _create_temporary(directory, stem, prefix is None,
                            0o666 if mode is None else mode)
    try:
        yield tmp
        if mode is not None and _existing_mode(tmp) != mode:
            os.chmod(tmp, mode)  # the umask took bits off the old file's mode
        os.replace(tmp, filename)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
