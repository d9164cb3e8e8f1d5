"""Packing the parameters of a model into one flat buffer and back.

A communicator moves one contiguous buffer per step (a single MPI or NCCL call) instead of
one message per parameter. The code is array-generic (numpy and CuPy alike).
"""
import numpy

from chainer import cuda


def params_with(model, attr):
    """The parameters of ``model`` whose ``attr`` (``'data'`` or ``'grad'``) is set, in the
    order of their names (the same on every rank)."""
    return [param for _, param in sorted(model.namedparams())
            if getattr(param, attr) is not None]


def total_size(arrays):
    return sum(int(a.size) for a in arrays)


class FlatBuffer(object):
    """A flat array reused across steps, regrown when a bigger one is needed."""

    def __init__(self):
        self._array = None

    def get(self, xp, size, dtype):
        """A 1-d array of ``size`` elements of ``dtype`` on ``xp``'s device (a view of the
        kept buffer; its contents are undefined)."""
        dtype = numpy.dtype(dtype)
        nbytes = size * dtype.itemsize
        kept = self._array
        if kept is None or cuda.get_array_module(kept) is not xp or kept.nbytes < nbytes:
            kept = self._array = xp.empty(max(nbytes, 1), dtype=numpy.uint8)
        return kept[:nbytes].view(dtype)


def pack(arrays, out):
    """Copies ``arrays`` one after the other into the 1-d ``out`` (casting to its dtype)."""
    offset = 0
    for a in arrays:
        out[offset:offset + a.size] = a.ravel()
        offset += a.size
    return out


def unpack(flat, arrays):
    """Copies consecutive pieces of ``flat`` back into ``arrays`` in place (casting)."""
    offset = 0
    for a in arrays:
        a[...] = flat[offset:offset + a.size].reshape(a.shape)
        offset += a.size
