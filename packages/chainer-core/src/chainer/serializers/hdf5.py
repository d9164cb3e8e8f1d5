"""Serialization in HDF5 format through h5py (spec 001 §3.7.2; extra ``[hdf5]``)."""
import numpy

from chainer import serializer
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


class HDF5Deserializer(serializer.Deserializer):
    """Deserializer reading HDF5 groups written by :class:`HDF5Serializer`.

    Args:
        group (h5py.Group): the group the deserialization starts from.
        strict (bool): if False, an entry or group missing from the file leaves its
            values untouched (v1.24) instead of raising KeyError.
    """

    def __init__(self, group, strict=True):
        _h5py()
        self.group = group
        self.strict = strict

    def _has(self, name):
        return self.group is not None and name in self.group

    def __getitem__(self, key):
        name = key.strip('/')
        if self._has(name):
            return HDF5Deserializer(self.group[name], self.strict)
        if self.strict:
            raise KeyError('group {!r} is not in the HDF5 file'.format(
                self._path(name)))
        return HDF5Deserializer(None, strict=False)  # reads nothing

    def _path(self, key):
        return '{}/{}'.format(self.group.name.rstrip('/'), key)

    def __call__(self, key, value):
        if not self._has(key):
            if not self.strict:
                return value
            raise KeyError('entry {!r} is not in the HDF5 file'.format(self._path(key)))
        path = self._path(key)
        dataset = self.group[key]
        if dataset.dtype.kind in 'SO':
            stored = numpy.asarray(dataset.asstr()[()])
        else:
            stored = dataset[()]
            stored = numpy.asarray(stored)
        return restore(path, stored, value)


def save_hdf5(filename, obj, compression=4):
    """Saves ``obj`` (anything with ``serialize``) to an HDF5 file.

    The file is written aside and renamed over ``filename`` only once complete, so a
    failed save leaves an existing file intact.

    Args:
        filename (str): target file name.
        obj: object to serialize.
        compression (int): gzip compression level.
    """
    h5py = _h5py()
    with atomic_path(filename) as tmp:
        with h5py.File(tmp, 'w') as f:
            HDF5Serializer(f, compression=compression).save(obj)


def load_hdf5(filename, obj):
    """Loads ``obj`` from an HDF5 file written by :func:`save_hdf5`.

    Raises:
        KeyError: an entry the object needs is missing (the message names it).
        ValueError: an entry has the wrong shape (the message names it).
    """
    h5py = _h5py()
    with h5py.File(filename, 'r') as f:
        HDF5Deserializer(f).load(obj)
