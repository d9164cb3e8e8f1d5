"""Saying what a file that cannot be loaded looks like instead, so that the error
points at the real problem (a text file, an HDF5 file given to ``load_npz``, an
empty or truncated file, a directory)."""
import os

#: Leading bytes of the formats a user may confuse, and how to call them.
_SIGNATURES = (
    (b'PK\x03\x04', 'a zip archive (an npz file)'),
    (b'PK\x05\x06', 'an empty zip archive'),
    (b'\x89HDF\r\n\x1a\n', 'an HDF5 file'),
    (b'\x93NUMPY', 'a single .npy array (numpy.save), not an npz archive'),
    (b'\x1f\x8b', 'a gzip-compressed file'),
)

#: Bytes read to recognize a file.
HEAD_SIZE = 64


def _is_text(head):
    try:
        text = head.decode('utf-8')
    except UnicodeDecodeError:
        # a multi-byte character cut at the end of the head is still text
        try:
            text = head[:-3].decode('utf-8')
        except UnicodeDecodeError:
            return False
    return all(c.isprintable() or c in '\t\r\n\f' for c in text)


def describe(head, size):
    """What a file starting with ``head`` (of ``size`` bytes in all) looks like."""
    if size == 0:
        return 'an empty file (0 bytes)'
    for signature, name in _SIGNATURES:
        if head.startswith(signature):
            return name
    if head[:1] == b'\x80' and head[1:2] in (b'\x02', b'\x03', b'\x04', b'\x05'):
        return 'a Python pickle'
    if _is_text(head):
        return 'a text file (starting {!r})'.format(
            head[:32].decode('utf-8', 'replace'))
    return 'binary data of {} bytes starting with {}'.format(size, head[:8].hex(' '))


def head_of(file):
    """``(first bytes, size)`` of a path or an open binary file (whose position is
    restored)."""
    if hasattr(file, 'read'):
        position = file.tell()
        head = file.read(HEAD_SIZE)
        size = file.seek(0, os.SEEK_END)
        file.seek(position)
        return head, size
    with open(file, 'rb') as f:
        return f.read(HEAD_SIZE), os.fstat(f.fileno()).st_size


def name_of(file):
    """The name to show in messages: the path, an open file's name, or its type."""
    if hasattr(file, 'read'):
        name = getattr(file, 'name', None)
        return repr(name) if isinstance(name, str) else 'the {} given'.format(
            type(file).__name__)
    return repr(os.fspath(file))


def check_openable(file, expected):
    """Raises a clear error when ``file`` is a directory or missing; ``expected`` names
    the format (``'an npz file'``)."""
    if hasattr(file, 'read'):
        return
    path = os.fspath(file)
    if os.path.isdir(path):
        raise IsADirectoryError('{!r} is a directory, not {}'.format(path, expected))
    if not os.path.exists(path):
        raise FileNotFoundError('{!r} does not exist (expected {})'.format(path, expected))


class DamagedFileError(ValueError):
    """A file that is not of the expected format, or is truncated or corrupted; the
    message names the file and what it looks like instead."""
