"""Serialization in NumPy NPZ format (spec 001 §3.7.1)."""
import numpy

from chainer import serializer
from chainer.serializers._atomic_file import atomic_path
from chainer.serializers._restore import check_saveable, restore


class DictionarySerializer(serializer.Serializer):
    """Serializer into a flat dictionary of host arrays keyed by paths (``l1/W``).

    The dictionary can be given to :func:`numpy.savez`; it is not written anywhere
    by this class (:func:`save_npz` does both).

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


class NpzDeserializer(serializer.Deserializer):
    """Deserializer reading an NPZ file (as written by :func:`save_npz`).

    Args:
        npz: the loaded npz file (``numpy.load(...)``) or any mapping of paths to
            arrays.
        path (str): the base path the deserialization starts from.
        strict (bool): if False, an entry missing from the file leaves its value
            untouched (v1.24) instead of raising KeyError.
    """

    def __init__(self, npz, path='', strict=True):
        self.npz = npz
        self.path = path
        self.strict = strict

    def __getitem__(self, key):
        return NpzDeserializer(self.npz, self.path + key.strip('/') + '/',
                               strict=self.strict)

    def __call__(self, key, value):
        path = self.path + key.lstrip('/')
        if not self.strict and path not in self.npz:
            return value
        try:
            stored = self.npz[path]
        except KeyError:
            raise KeyError('entry {!r} is not in the npz file'.format(path)) from None
        return restore(path, numpy.asarray(stored), value)


def save_npz(filename, obj, compression=True):
    """Saves ``obj`` (anything with ``serialize``) to an NPZ file.

    The object is first serialized into memory, then written to a temporary file in
    the same directory which replaces ``filename`` only once complete: a failed save
    leaves an existing file intact.

    Args:
        filename (str or file): target file name (or an open binary file, written
            directly).
        obj: object to serialize.
        compression (bool): compress the zip archive.
    """
    s = DictionarySerializer()
    s.save(obj)
    savez = numpy.savez_compressed if compression else numpy.savez
    if hasattr(filename, 'write'):
        savez(filename, **s.target)
        return
    with atomic_path(filename) as tmp:
        with open(tmp, 'wb') as f:
            savez(f, **s.target)


def load_npz(filename, obj):
    """Loads ``obj`` from an NPZ file written by :func:`save_npz`.

    Nothing is unpickled (``allow_pickle=False``).

    Args:
        filename (str or file): name of the file to read (or an open binary file).
        obj: object to deserialize into.

    Raises:
        KeyError: an entry the object needs is missing (the message names it).
        ValueError: an entry has the wrong shape (the message names it).
    """
    with numpy.load(filename, allow_pickle=False) as f:
        NpzDeserializer(f).load(obj)
