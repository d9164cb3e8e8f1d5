"""Entries that stand for ``None``.

Chainer v7 saves ``None`` (a persistent value set to None, a parameter not yet
initialized) as a 0-dim array of dtype ``object`` holding None in NPZ files (numpy
pickles it) and as an empty dataset (``h5py.Empty``) in HDF5 files. Loading such an
entry gives None. An NPZ entry holding Python objects is otherwise never unpickled:
:func:`read_pickled_none` accepts the one pickle that builds this array and refuses
every other.
"""
import io
import pickle

import numpy


def none_entry():
    """The stored form of None: a 0-dim object array holding None."""
    return numpy.array(None, dtype=object)


def is_none_entry(stored):
    """True when ``stored`` (an array read from a file) stands for None."""
    return isinstance(stored, numpy.ndarray) and stored.dtype == object and \
        stored.shape == () and stored[()] is None


def is_none_header(shape, dtype):
    """True when an entry's header may belong to a None entry (its data decide)."""
    return numpy.dtype(dtype).hasobject and tuple(shape) == ()


def _reconstruct_function():
    # numpy's array pickles call this function (numpy.core or numpy._core, by version).
    return numpy.empty(0, dtype=object).__reduce__()[0]


class _ArrayOnlyUnpickler(pickle.Unpickler):
    """Resolves only what numpy's pickle of an array needs; any other global (the
    way a pickle runs code) is refused."""

    def find_class(self, module, name):
        if module in ('numpy.core.multiarray', 'numpy._core.multiarray') and \
                name == '_reconstruct':
            return _reconstruct_function()
        if module == 'numpy' and name in ('ndarray', 'dtype'):
            return getattr(numpy, name)
        raise pickle.UnpicklingError('refused global {}.{}'.format(module, name))


def read_pickled_none(data):
    """Decodes the pickled payload of an ``.npy`` entry of dtype ``object``.

    Returns:
        The None entry (see :func:`none_entry`) when the payload is numpy's pickle of
        a 0-dim object array holding None, else None (the entry is refused).
    """
    try:
        value = _ArrayOnlyUnpickler(io.BytesIO(data)).load()
    except Exception:  # any malformed or foreign pickle is refused alike
        return None
    return value if is_none_entry(value) else None
