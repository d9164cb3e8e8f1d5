"""Reading the arrays of an npz (zip) archive without trusting it: headers are read
before any data, no entry may claim more bytes than the archive can hold, pickled
objects are refused, and every failure of the zip or npy layer becomes a
:class:`~chainer.serializers._file_kind.DamagedFileError` naming the file and the
entry."""
import collections.abc
import contextlib
import zipfile

import numpy
import numpy.lib.format as npy_format

from chainer.serializers import _file_kind, _none_entry

#: Largest ratio of uncompressed to compressed size deflate can reach (about 1032:1),
#: with some slack: a member claiming more is lying about its size.
_DEFLATE_MAX_RATIO = 1100
_SLACK = 1 << 16


def _claimed_bytes(shape, dtype):
    n = dtype.itemsize
    for d in shape:
        n *= d
    return n


class NpzArchive(collections.abc.Mapping):
    """The arrays of an npz file, read on demand, as a mapping of paths to arrays.

    Args:
        file: path or open binary file of the archive.
        name (str): how messages name the file.

    Raises:
        DamagedFileError: the file is not a readable zip archive.
    """

    def __init__(self, file, name):
        self.name = name
        head, self.size = _file_kind.head_of(file)
        try:
            self._zip = zipfile.ZipFile(file)
            infos = self._zip.infolist()
        except Exception as e:  # zipfile raises many types on damaged archives
            kind = _file_kind.describe(head, self.size)
            if kind.startswith('a zip archive'):
                kind = 'a truncated or damaged zip archive ({}: {})'.format(
                    type(e).__name__, e)
            raise _file_kind.DamagedFileError('{} is not an npz file: it is {}'.format(
                name, kind)) from None
        self._members = {info.filename[:-4]: info for info in infos
                         if info.filename.endswith('.npy')}

    def close(self):
        self._zip.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __iter__(self):
        return iter(self._members)

    def __len__(self):
        return len(self._members)

    def __contains__(self, path):
        return path in self._members

    def _damaged(self, path, what):
        return _file_kind.DamagedFileError('{}: entry {!r} is damaged: {}'.format(
            self.name, path, what))

    def _pickled(self, path):
        return self._damaged(path, 'it holds Python objects (pickled data), which are '
                             'never loaded (only None, as Chainer v7 saves it)')

    def _check_member(self, path, info):
        if info.compress_size > self.size:
            raise self._damaged(path, 'it claims {} compressed bytes in a file of {} '
                                'bytes (truncated?)'.format(info.compress_size, self.size))
        ratio = 1 if info.compress_type == zipfile.ZIP_STORED else _DEFLATE_MAX_RATIO
        if info.file_size > info.compress_size * ratio + _SLACK:
            raise self._damaged(path, 'it claims {} bytes from {} compressed bytes'.format(
                info.file_size, info.compress_size))

    def _read_header(self, path, f):
        version = npy_format.read_magic(f)
        if version == (1, 0):
            shape, fortran, dtype = npy_format.read_array_header_1_0(f)
        elif version == (2, 0):
            shape, fortran, dtype = npy_format.read_array_header_2_0(f)
        else:
            raise ValueError('unsupported .npy format version {}'.format(version))
        if dtype.hasobject and not _none_entry.is_none_header(shape, dtype):
            raise self._pickled(path)
        if any(d < 0 for d in shape):
            raise ValueError('negative dimension in shape {}'.format(shape))
        return tuple(shape), fortran, dtype

    @contextlib.contextmanager
    def _member(self, path):
        """Opens the entry ``path`` and reads its header: yields ``(file, shape,
        fortran_order, dtype, zip info)``; any failure becomes a DamagedFileError."""
        info = self._members[path]
        self._check_member(path, info)
        with self._guard(path):
            with self._zip.open(info) as f:
                yield (f,) + self._read_header(path, f) + (info,)

    def header(self, path):
        """``(shape, dtype)`` of the entry ``path``, from its header alone."""
        with self._member(path) as (_, shape, _, dtype, _):
            return shape, dtype

    def __getitem__(self, path):
        with self._member(path) as (f, shape, fortran, dtype, info):
            if dtype.hasobject:  # Chainer v7's None: the pickle of array(None)
                entry = _none_entry.read_pickled_none(f.read(info.file_size))
                if entry is None:
                    raise self._pickled(path)
                return entry
            nbytes = _claimed_bytes(shape, dtype)
            if nbytes > info.file_size:
                raise self._damaged(path, 'its header claims {} bytes of data but the '
                                    'entry holds {} bytes'.format(nbytes, info.file_size))
            data = bytearray(nbytes)
            got = f.readinto(data) if nbytes else 0
            if got != nbytes:
                raise self._damaged(path, 'it ends after {} of {} bytes of data'.format(
                    got, nbytes))
            if f.read(1):  # reading to the end also verifies the CRC
                raise self._damaged(path, 'it has data after the array')
        array = numpy.frombuffer(data, dtype=dtype) if nbytes else numpy.empty(0, dtype)
        return array.reshape(shape, order='F' if fortran else 'C')

    def _guard(self, path):
        return _Guard(self, path)


class _Guard(object):
    """Turns any failure of the zip or npy layers into a DamagedFileError."""

    def __init__(self, archive, path):
        self.archive = archive
        self.path = path

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if error is None or isinstance(error, _file_kind.DamagedFileError) or \
                not isinstance(error, Exception) or isinstance(error, MemoryError):
            return False
        raise self.archive._damaged(self.path, '{}: {}'.format(
            type(error).__name__, error)) from None
