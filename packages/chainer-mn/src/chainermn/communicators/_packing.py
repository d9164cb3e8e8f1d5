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
    """Copies ``arrays`` one after the other into the 1-d ``out`` (casting to its dtype).
    ``out`` may live in host memory while the arrays are on a GPU (a host-staged
    transfer): each array is then copied to the host on the way."""
    offset = 0
    for a in arrays:
        out[offset:offset + a.size] = _to_module_of(out, a).ravel()
        offset += a.size
    return out


def unpack(flat, arrays, scale=None):
    """Copies consecutive pieces of ``flat`` back into ``arrays`` in place (casting),
    multiplied by ``scale`` on the way when it is given (one pass instead of two).
    A host ``flat`` is copied to the arrays' GPU first when they live there."""
    if arrays:
        flat = _to_module_of(arrays[0], flat)
    offset = 0
    for a in arrays:
        piece = flat[offset:offset + a.size].reshape(a.shape)
        if scale is None:
            a[...] = piece
        else:
            cuda.get_array_module(a).multiply(piece, piece.dtype.type(scale), out=a,
                                              casting='unsafe')
        offset += a.size


class BoundGradients(object):
    """One flat array whose consecutive pieces *are* the parameters' gradients.

    Binding replaces each ``param.grad`` by a view of the flat array (the values are
    copied in once). As long as the gradients are accumulated in place (``zerograds``
    and backward's ``+=`` keep them), every later step finds them already packed and the
    all-reduce needs no copy. A gradient replaced by another array (``cleargrads``,
    ``to_gpu``, user code) breaks the identity check and the caller binds again.
    """

    def __init__(self):
        self._views = ()
        self._flat = None

    def flat_of(self, params):
        """The flat array if the gradients of ``params`` are exactly its bound views,
        else None."""
        views = self._views
        if len(views) != len(params) or \
                any(p.grad is not v for p, v in zip(params, views)):
            return None
        return self._flat

    def bind(self, params, xp, dtype):
        """Packs the gradients of ``params`` into a new flat array of ``dtype`` on
        ``xp``, makes each ``param.grad`` its view, and returns the flat array."""
        grads = [p.grad for p in params]
        size, flat = total_size(grads), self._flat
        if flat is None or flat.size != size or flat.dtype != dtype or \
                cuda.get_array_module(flat) is not xp:
            flat = xp.empty(size, dtype=dtype)  # else reused: no fresh pages to touch
        pack(grads, flat)
        views, offset = [], 0
        for param, grad in zip(params, grads):
            view = flat[offset:offset + grad.size].reshape(grad.shape)
            param.grad = view
            views.append(view)
            offset += grad.size
        self._flat, self._views = flat, tuple(views)
        return flat


def _to_module_of(like, array):
    """``array`` on the kind of memory ``like`` lives in (host or GPU), copied only when
    they differ (CuPy refuses implicit copies between the two)."""
    on_host = cuda.get_array_module(like) is numpy
    if on_host == (cuda.get_array_module(array) is numpy):
        return array
    return cuda.to_cpu(array) if on_host else cuda.to_gpu(array)
