"""Serialization in NumPy NPZ format."""
import os

import numpy

from chainer import serializer
from chainer.serializers import _file_kind, _ignore, _npz_archive, _staging
from chainer.serializers._atomic_file import atomic_path
from chainer.serializers._restore import check_saveable, restore


class DictionarySerializer(serializer.Serializer):
    """Serializer into a flat dictionary of host arrays keyed by paths (``l1/W``).

    The dictionary can be given to :func:`numpy.savez`; it is not written anywhere
    by this class (:func:`save_npz` does both). None is stored as Chainer v7 stores
    it, a 0-dim array of dtype ``object`` holding None (it loads back as None);
    other values that would need pickling are refused.

    Args:
        target (dict): the dictionary to save into (a new one when None).
        path (str): the base path of this serializer in the hierarchy.

    Attributes:
        target (dict): the dictionary of saved arrays.
    """

    def __init__(self, target=None, path=''):
        self.target = {} if target is None else target
        self.path = path

    def __getitem__(self, key):
        return DictionarySerializer(self.target, self.path + key.strip('/') + '/')

    def __call__(self, key, value):
        path = self.path + key.lstrip('/')
        self.target[path] = check_saveable(path, value)
        return value


class NpzDeserializer(_staging.AllOrNothingLoad, serializer.Deserializer):
    """Deserializer reading an NPZ file (as written by :func:`save_npz`).

    :meth:`load` is all or nothing: every entry the object asks for is read and
    checked first (presence, shape, dtype, finite float parameters), and the object is
    written only when all of them are valid; on an error it is left unchanged.

    Args:
        npz: the loaded npz file (``numpy.load(...)``) or any mapping of paths to
            arrays.
        path (str): the base path the deserialization starts from.
        strict (bool): if False, an entry missing from the file leaves its value
            untouched (v1.24) instead of raising KeyError.
        ignore_names (str, callable or list of them): entries to skip, their values
            left as they are: a name is compared with the entry's full path
            (``'l1/W'``), a callable gets that path and returns True to skip it.
        check_finite (bool): if True (default), :meth:`load` refuses float parameters
            holding NaN or infinity (unless the target parameter is all NaN, the
            fill of a v7 Parameter made with a shape and no initializer).

    An entry saved from None (as Chainer v7 saves an uninitialized parameter) loads
    as None, whatever the value given.
    """

    def __init__(self, npz, path='', strict=True, ignore_names=None,
                 check_finite=True):
        self._ignore = _ignore.normalize(ignore_names)
        self.npz = npz
        self.path = path
        self.strict = strict
        self.ignore_names = [] if ignore_names is None else ignore_names
        self.check_finite = check_finite

    def __getitem__(self, key):
        return NpzDeserializer(self.npz, self.path + key.strip('/') + '/',
                               strict=self.strict, ignore_names=self.ignore_names,
                               check_finite=self.check_finite)

    def __call__(self, key, value):
        path = self.path + key.lstrip('/')
        if not self.strict and path not in self.npz:
            return value
        if self._ignore and _ignore.is_ignored(self._ignore, path):
            return value
        try:
            stored = self.npz[path]
        except KeyError:
            raise KeyError('entry {!r} is not in the npz file'.format(path)) from None
        return restore(path, numpy.asarray(stored), value)

    def _staging_source(self):
        name, size = _mapping_name(self.npz)
        return _staging.MappingSource(self.npz, name, size), self.path


def _mapping_name(npz):
    """How messages name the file behind ``npz``, and its size in bytes (0 when
    unknown)."""
    name = getattr(npz, 'name', None)
    if isinstance(name, str):
        return name, getattr(npz, 'size', 0)
    zip_file = getattr(npz, 'zip', None)
    filename = getattr(zip_file, 'filename', None)
    if isinstance(filename, str):
        try:
            return repr(filename), os.path.getsize(filename)
        except OSError:
            return repr(filename), 0
    return 'the npz data', 0


def serialize(obj):
    """Serializes ``obj`` (anything with ``serialize``) into a dictionary.

    Returns:
        dict: the flat dictionary of host arrays keyed by paths that
        :class:`DictionarySerializer` builds.
    """
    s = DictionarySerializer()
    s.save(obj)
    return s.target


def save_npz(filename, obj, compression=True):
    """Saves ``obj`` (anything with ``serialize``, or a dictionary of arrays) to an
    NPZ file.

    The object is first serialized into memory, then written to a temporary file in
    the same directory which replaces ``filename`` only once complete: a failed save
    leaves an existing file intact. The temporary's name carries the writer's
    process id, and temporaries of ``filename`` left by killed writers are removed.
    A new file gets the mode ``open`` would give it (the umask applies, as with
    :func:`numpy.savez`), an overwritten one keeps its mode.

    Args:
        filename (str or file): target file name (or an open binary file, written
            directly).
        obj: object to serialize; a dict is written as it is (its values checked
            as :class:`DictionarySerializer` checks them).
        compression (bool): compress the zip archive.
    """
    if isinstance(obj, dict):
        target = {key: check_saveable(key, value) for key, value in obj.items()}
    else:
        target = serialize(obj)
    savez = numpy.savez_compressed if compression else numpy.savez
    if hasattr(filename, 'write'):
        savez(filename, **target)
        return
    with atomic_path(filename) as tmp:
        with open(tmp, 'wb') as f:
            savez(f, **target)


def load_npz(filename, obj, path='', strict=True, ignore_names=None,
             check_finite=True):
    """Loads ``obj`` from an NPZ file written by :func:`save_npz`, all or nothing.

    Every entry the object asks for is read and checked before anything is written:
    on any error ``obj`` is left exactly as it was (parameters not yet initialized
    stay uninitialized) and the message names the file, the entry and what was
    expected. Nothing is unpickled, and no entry may claim more memory than the file
    can hold. An entry saved from None (Chainer v7's uninitialized parameter) is
    read without unpickling anything and loads as None.

    Args:
        filename (str or file): name of the file to read (or an open binary file).
        obj: object to deserialize into.
        path (str): the path in the file under which ``obj`` was saved (``'l1/'``
            loads a link saved as the child ``l1`` of a chain); '' is the root.
        strict (bool): if False, entries missing from the file are skipped (their
            values are kept) instead of raising KeyError.
        ignore_names (str, callable or list of them): entries to skip (see
            :class:`NpzDeserializer`).
        check_finite (bool): if True (default), float parameters holding NaN or
            infinity are refused; False loads them as they are.

    Raises:
        FileNotFoundError: the file does not exist.
        IsADirectoryError: ``filename`` is a directory.
        KeyError: an entry the object needs is missing (the message names it).
        ValueError: the file is not an npz file, is truncated or damaged (the message
            says what it looks like), an entry has the wrong shape, or a float
            parameter is not finite.
        TypeError: an entry's dtype cannot be cast to the target's (floats into
            integers).
    """
    _file_kind.check_openable(filename, 'an npz file')
    name = _file_kind.name_of(filename)
    with _npz_archive.NpzArchive(filename, name) as archive:
        NpzDeserializer(archive, path=path, strict=strict, ignore_names=ignore_names,
                        check_finite=check_finite).load(obj)
