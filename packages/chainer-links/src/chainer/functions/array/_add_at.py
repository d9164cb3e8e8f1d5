"""Unbuffered scatter-add on numpy and CuPy arrays."""
import numpy


def add_at(target, index, values):
    """Adds ``values`` into ``target[index]`` in place, summing at repeated indices.

    Args:
        target (array): the array to add into.
        index: any NumPy index (advanced indices may repeat).
        values (array): values broadcastable to ``target[index]``.
    """
    if isinstance(target, numpy.ndarray):
        numpy.add.at(target, index, values)
    else:
        import cupyx
        cupyx.scatter_add(target, index, values)
