"""The array classes Chainer computes on (``chainer.get_array_types`` and friends, v5+)."""
import numpy

from chainer import cuda

_cache = []  # [(backend object, (all types, host types))], rebuilt when the backend changes


def _types():
    backend = cuda._get_backend()
    if not _cache or _cache[0][0] is not backend:
        array_types = (numpy.ndarray,)
        if backend is not None and backend.available:
            array_types += (cuda.ndarray,)
        _cache[:] = [(backend, (array_types, (numpy.ndarray,)))]
    return _cache[0][1]


def get_array_types():
    """Returns the tuple of array classes Chainer works with: :class:`numpy.ndarray`,
    and :class:`cupy.ndarray` when the CUDA backend is usable (ChainerX and iDeep arrays,
    which v7 also listed, are not part of this project)."""
    return _types()[0]


def get_cpu_array_types():
    """Returns the tuple of host array classes: ``(numpy.ndarray,)``."""
    return _types()[1]


def is_arrays_compatible(arrays):
    """Returns whether the arrays can be computed on together: all host arrays or all GPU
    arrays (None items are ignored; an empty sequence is compatible).

    Args:
        arrays (iterable): arrays (or None).

    Returns:
        bool
    """
    arrays = [a for a in arrays if a is not None]
    if not arrays:
        return True
    first = arrays[0]
    if isinstance(first, numpy.ndarray):
        types = get_cpu_array_types()
    elif isinstance(first, get_array_types()):
        types = cuda.ndarray
    else:
        types = get_cpu_array_types()
    return all(isinstance(a, types) for a in arrays)
