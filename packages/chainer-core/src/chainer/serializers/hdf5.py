"""Serialization in HDF5 format through h5py."""
import os

import numpy

from chainer import serializer
from chainer.serializers import _file_kind, _ignore, _staging
from chainer.serializers._none_entry import is_none_entry, none_entry
from chainer.serializers._atomic_file import atomic_path
from chainer.serializers._restore import check_saveable, restore


class _NoH5pyError(ImportError, RuntimeError):
    """h5py is not installed. Also a RuntimeError, which v1 raised there."""


def _h5py():
    try:
        import h5py
    except ImportError:
        raise _NoH5pyError('HDF5 serialization needs h5py: install it with '
                           '`pip install chainer-core[hdf5]`') from None
    return h5py


def __getattr__(name):
    # v1's flag ``hdf5._available``, computed on first use: importing h5py up front
    # would slow down every ``import chainer.serializers``.
    if name == '_available':
        try:
            _h5py()
        except ImportError:
            return False
        return True
    raise AttributeError('module {!r} has no attribute {!r}'.format(__name__, name))


class HDF5Serializer(serializer.Serializer):
    """Serializer mapping the object hierarchy to HDF5 groups.

    None is stored as an empty dataset (``h5py.Empty``), as Chainer v7 does; it loads
    back as None.

    Args:
        group (h5py.Group): the group this serializer writes to.
        compression (int): gzip compression level (0-9) of array datasets.
    """

    def __init__(self, group, compression=4):
        _h5py()
        if compression not in range(10):
            raise ValueError('compression must be a gzip level 0-9, got {!r}'.format(
                compression))
        self.group = group
        self.compression = compression

    def __getitem__(self, key):
        return HDF5Serializer(self.group.require_group(key.strip('/')),
                              self.compression)

    def __call__(self, key, value):
        path = '{}/{}'.format(self.group.name.rstrip('/'), key)
        if value is None or is_none_entry(value):
            h5py = _h5py()
            if h5py.version.version_tuple < (2, 7, 0):
                raise RuntimeError('saving None needs h5py>=2.7.0 (h5py.Empty)')
            self.group.create_dataset(key, data=h5py.Empty('f'))
            return value
        array = check_saveable(path, value)
        if array.dtype.kind == 'U':
            # HDF5 has no UCS-4 strings: store UTF-8.
            array = numpy.asarray(array, dtype=_h5py().string_dtype())
        options = {}
        if array.ndim > 0 and array.size > 1:
            # Scalar datasets cannot be chunked, hence not compressed.
            options = {'compression': 'gzip', 'compression_opts': self.compression}
        self.group.create_dataset(key, data=array, **options)
        return value


class HDF5Deserializer(_staging.AllOrNothingLoad, serializer.Deserializer):
    """Deserializer reading HDF5 groups written by :class:`HDF5Serializer`.

    :meth:`load` is all or nothing: every entry the object asks for is read and
    checked first (presence, shape, dtype, finite float parameters), and the object is
    written only when all of them are valid; on an error it is left unchanged.

    Args:
        group (h5py.Group): the group the deserialization starts from.
        strict (bool): if False, an entry or group missing from the file leaves its
            values untouched (v1.24) instead of raising KeyError.
        ignore_names (str, callable or list of them): entries to skip, their values
            left as they are: a name is compared with the entry's path from
            ``group`` (``'l1/W'``), a callable gets that path and returns True to
            skip it.
        check_finite (bool): if True (default), :meth:`load` refuses float parameters
            holding NaN or infinity (unless the target parameter is all NaN, the
            fill of a v7 Parameter made with a shape and no initializer).

    An empty dataset (how Chainer v7 saves None) loads as None, whatever the value
    given.
    """

    def __init__(self, group, strict=True, ignore_names=None, check_finite=True,
                 path=''):
        _h5py()
        self._ignore = _ignore.normalize(ignore_names)
        self.group = group
        self.strict = strict
        self.ignore_names = [] if ignore_names is None else ignore_names
        self.check_finite = check_finite
        self.path = path

    def _has(self, name):
        return self.group is not None and name in self.group

    def __getitem__(self, key):
        name = key.strip('/')
        path = self.path + name + '/'
        if self._has(name):
            return HDF5Deserializer(self.group[name], self.strict, self.ignore_names,
                                    self.check_finite, path)
        if self.strict:
            raise KeyError('group {!r} is not in the HDF5 file'.format(
                self._path(name)))
        return HDF5Deserializer(None, strict=False, path=path)  # reads nothing

    def _path(self, key):
        return '{}/{}'.format(self.group.name.rstrip('/'), key)

    def __call__(self, key, value):
        if self._ignore and _ignore.is_ignored(self._ignore,
                                               self.path + key.lstrip('/')):
            return value
        if not self._has(key):
            if not self.strict:
                return value
            raise KeyError('entry {!r} is not in the HDF5 file'.format(self._path(key)))
        return restore(self._path(key), _read_dataset(self.group[key]), value)

    def _staging_source(self):
        # a missing group of a non-strict load has nothing to read
        if self.group is None:
            return None, self.path
        return _GroupSource(self.group, self.path), self.path


def _read_dataset(dataset):
    if dataset.shape is None:  # h5py.Empty: Chainer v7's None
        return none_entry()
    if dataset.dtype.kind in 'SO':
        return numpy.asarray(dataset.asstr()[()])
    return numpy.asarray(dataset[()])


class _GroupSource(object):
    """The datasets under an HDF5 group, by path relative to it, for the validating
    pass; any failure of h5py reading a damaged file names the file and the entry."""

    def __init__(self, group, path=''):
        self.group = group
        self.path = path  # the base path of the deserializer reading ``group``
        filename = group.file.filename
        self.name = repr(filename) if group.name == '/' else '{!r} (group {})'.format(
            filename, group.name)
        try:
            self.size = os.path.getsize(filename)
        except OSError:
            self.size = 0

    def _dataset(self, path):
        h5py = _h5py()
        path = path[len(self.path):]  # staging paths start with the base path
        try:
            node = self.group.get(path)
        except Exception as e:  # h5py raises many types on damaged files
            raise self._damaged(path, e) from None
        return node if isinstance(node, h5py.Dataset) else None

    def _damaged(self, path, error):
        return _file_kind.DamagedFileError('{}: entry {!r} is damaged ({}: {})'.format(
            self.name, path, type(error).__name__, error))

    def has(self, path):
        return self._dataset(path) is not None

    def header(self, path):
        dataset = self._dataset(path)
        try:
            if dataset.shape is None:  # h5py.Empty: v7's None
                return (), numpy.dtype(object)
            return tuple(dataset.shape), dataset.dtype
        except Exception as e:
            raise self._damaged(path, e) from None

    def read(self, path):
        try:
            return _read_dataset(self._dataset(path))
        except Exception as e:
            raise self._damaged(path, e) from None


def save_hdf5(filename, obj, compression=4):
    """Saves ``obj`` (anything with ``serialize``, or a dictionary of values) to an
    HDF5 file.

    The file is built in memory, then written aside and renamed over ``filename``
    only once complete: a failed save (a full disk included, as an :class:`OSError`)
    leaves an existing file intact. The new file gets the mode ``open`` would give
    it (the umask applies), or the mode of the file it replaces.

    Args:
        filename (str): target file name.
        obj: object to serialize; a dict's values are written under their keys
            (a key ``'l1/W'`` makes the group ``l1``).
        compression (int): gzip compression level.
    """
    h5py = _h5py()
    # The file is built in memory (HDF5's core driver, nothing on disk), then its
    # bytes are written with ordinary file I/O: a write that fails (a full disk, a
    # file size limit) is then an OSError, which HDF5's own writes are not.
    with h5py.File(os.fspath(filename), 'w', driver='core', backing_store=False) as f:
        serializer = HDF5Serializer(f, compression=compression)
        if isinstance(obj, dict):
            for key, value in obj.items():
                group, _, name = key.strip('/').rpartition('/')
                (serializer[group] if group else serializer)(name, value)
        else:
            serializer.save(obj)
        f.flush()
        image = f.id.get_file_image()
    with atomic_path(filename) as tmp:
        with open(tmp, 'wb') as out:
            out.write(image)


def load_hdf5(filename, obj, path='', strict=True, ignore_names=None,
              check_finite=True):
    """Loads ``obj`` from an HDF5 file written by :func:`save_hdf5`, all or nothing.

    Every entry the object asks for is read and checked before anything is written:
    on any error ``obj`` is left exactly as it was and the message names the file,
    the entry and what was expected.

    Args:
        filename (str): name of the file to read.
        obj: object to deserialize into.
        path (str): the group under which ``obj`` was saved (``'l1/'``); '' is the
            root.
        strict (bool): if False, entries missing from the file are skipped (their
            values are kept) instead of raising KeyError.
        ignore_names (str, callable or list of them): entries to skip (see
            :class:`HDF5Deserializer`); names are full paths (``path`` included).
        check_finite (bool): if True (default), float parameters holding NaN or
            infinity are refused (unless the target parameter is all NaN); False
            loads them as they are.

    Raises:
        FileNotFoundError: the file does not exist.
        IsADirectoryError: ``filename`` is a directory.
        KeyError: an entry the object needs, or the group ``path``, is missing (the
            message names it).
        ValueError: the file is not an HDF5 file, is truncated or damaged (the message
            says what it looks like), an entry has the wrong shape, or a float
            parameter is not finite.
        TypeError: an entry's dtype cannot be cast to the target's.
    """
    h5py = _h5py()
    _file_kind.check_openable(filename, 'an HDF5 file')
    name = _file_kind.name_of(filename)
    try:
        f = h5py.File(filename, 'r')
    except OSError as e:
        head, size = _file_kind.head_of(filename)
        kind = _file_kind.describe(head, size)
        if kind == 'an HDF5 file':
            kind = 'a truncated or damaged HDF5 file ({})'.format(e)
        raise _file_kind.DamagedFileError('{} is not a readable HDF5 file: it is {}'.format(
            name, kind)) from None
    with f:
        deserializer = HDF5Deserializer(f, strict=strict, ignore_names=ignore_names,
                                        check_finite=check_finite)
        for name in path.strip('/').split('/') if path.strip('/') else ():
            deserializer = deserializer[name]
        deserializer.load(obj)
