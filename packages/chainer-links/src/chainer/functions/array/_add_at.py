"""Unbuffered scatter-add on numpy and CuPy arrays: the backward of gathers, where
several indices may pick the same element and their gradients must add up."""
import numpy

from chainer import cuda


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


def add_rows(target, ids, values):
    """``target[ids[k]] += values[k]`` for every ``k`` in place, ``ids`` possibly
    repeating (the repeats add up).

    On the host, rows of one element go through ``numpy.add.at``; wider rows are
    grouped by sorting the ids, so that every row is written once (by one fancy update
    when all ids differ, else after ``add.reduceat`` has summed each group: several
    times faster than ``add.at`` for rows of a few hundred values). On a GPU, the
    library's atomic ``scatter_add`` kernel.

    Args:
        target (array): C-contiguous array ``(N, ...)`` (on a GPU; any on the host).
        ids (array): integer array ``(M,)`` of rows of ``target``.
        values (array): ``(M, ...)`` with ``target``'s row shape.
    """
    if not isinstance(target, numpy.ndarray):
        cuda.kernel('scatter_add')(target, ids, values)
    elif target.ndim == 1:
        numpy.add.at(target, ids, values)
    elif len(ids):
        _add_rows_sorted(target, ids, values)


def _add_rows_sorted(target, ids, values):
    distinct, sums = summed_rows(ids, values)
    target[distinct] += sums


def summed_rows(ids, values):
    """The distinct ids of ``ids`` (a non-empty host integer array ``(M,)``) and, for
    each, the sum of its rows of ``values`` ``(M, ...)``: what :func:`add_rows` adds
    into each row it touches (the rows of repeated ids summed in the order they come).
    Returns ``(ids, values)`` themselves when no id repeats."""
    order = numpy.argsort(ids, kind='stable')
    sorted_ids = ids[order]
    first = numpy.empty(len(ids), dtype=bool)
    first[0] = True
    numpy.not_equal(sorted_ids[1:], sorted_ids[:-1], out=first[1:])
    if first.all():
        return ids, values
    starts = numpy.flatnonzero(first)
    return sorted_ids[starts], numpy.add.reduceat(values[order], starts, axis=0)
