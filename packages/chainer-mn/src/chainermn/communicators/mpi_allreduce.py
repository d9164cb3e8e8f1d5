"""Gradients averaged with one ``MPI_Allreduce`` of a packed buffer per dtype: the
``naive`` (host memory) and ``flat`` (device memory) communicators."""
import weakref

import numpy

from chainer import cuda
from chainermn import _mpi
from chainermn.communicators import _packing
from chainermn.communicators.communicator_base import (CommunicatorBase, fill_missing_grads,
                                                       group_by_dtype, reduction_dtype)


class _PackedAllreduceCommunicator(CommunicatorBase):
    """Sums the gradients of each dtype as one buffer over MPI, in place, then scales.

    Where the buffer can live with the gradients and in their dtype, the gradients become
    its views (:class:`~chainermn.communicators._packing.BoundGradients`) and later steps
    copy nothing; otherwise they are packed into it and unpacked. ``_on_device`` says where
    the buffer lives for GPU gradients: host memory (any MPI) or device memory (needs a
    CUDA-aware MPI). For CPU gradients both are the same host buffer."""

    _on_device = False

    def __init__(self, mpi_comm):
        super(_PackedAllreduceCommunicator, self).__init__(mpi_comm)
        # model -> {dtype: BoundGradients}: each model has its own flat buffers, so the
        # gradients of two models all-reduced by one communicator never share memory.
        self._bound = weakref.WeakKeyDictionary()

    def _allreduce_grad(self, model, scale):
        if self.size == 1 and scale == 1:  # one process, nothing to scale: a no-op
            return
        MPI = _mpi.mpi()
        for dtype, params in group_by_dtype(model, 'grad', reduction_dtype).items():
            grads = [p.grad for p in params]
            xp = cuda.get_array_module(grads[0])
            where = xp if self._on_device else numpy
            flat = self._gradients_in_place(model, dtype, params, xp, where)
            in_place = flat is not None
            if not in_place:
                flat = _packing.pack(grads, self._buffer.get(
                    where, _packing.total_size(grads), dtype))
            if where is not numpy:
                cuda.Stream.null.synchronize()  # MPI reads device memory directly
            self._mpi_comm.Allreduce(MPI.IN_PLACE, flat)
            if in_place:
                if scale != 1:
                    flat *= dtype.type(scale)
            else:
                _packing.unpack(flat, grads,
                                scale=None if scale == 1 else scale)

    def finalize(self):
        super(_PackedAllreduceCommunicator, self).finalize()
        self._bound = weakref.WeakKeyDictionary()

    def _multi_node_mean_grad_async(self, model, zero_fill=False):
        """Packs the gradients of ``model`` (one buffer per dtype, owned by the returned
        handle) and starts non-blocking all-reduces (``MPI_Iallreduce``) of them; the
        handle's ``wait()`` completes them and writes the means back into the gradients.
        Until then the gradients of ``model`` must be left alone."""
        if zero_fill:
            fill_missing_grads(model)
        return _PendingMean(self._mpi_comm, model, self.size)

    def _gradients_in_place(self, model, dtype, params, xp, where):
        """The flat array the gradients of ``params`` (of ``model``) are views of, binding
        them on the first step, when the buffer may live where they are and in their dtype
        (not for float16 gradients, summed as float32, nor GPU gradients through host
        memory)."""
        if where is not xp or any(p.grad.dtype != dtype for p in params):
            return None
        try:
            per_model = self._bound.setdefault(model, {})
        except TypeError:  # a model that cannot be weakly referenced: pack, no binding
            return None
        bound = per_model.setdefault(dtype, _packing.BoundGradients())
        flat = bound.flat_of(params)
        return flat if flat is not None else bound.bind(params, xp, dtype)


class NaiveCommunicator(_PackedAllreduceCommunicator):
    """``naive``: all-reduces through host memory, with any MPI; works on the CPU and on
    GPUs (gradients are copied to the host and back)."""


class FlatCommunicator(_PackedAllreduceCommunicator):
    """``flat``: all-reduces the packed buffer where the gradients are; on GPUs the MPI
    library must be CUDA-aware (it reads device memory). On the CPU it is ``naive``."""

    _on_device = True


class _PendingMean(object):
    """Non-blocking all-reduces of the packed gradients of one model, one per dtype;
    :meth:`wait` unpacks ``sum / size`` into the gradients."""

    def __init__(self, mpi_comm, model, size):
        MPI = _mpi.mpi()
        self._size = size
        self._parts = []
        requests = []
        for dtype, params in group_by_dtype(model, 'grad', reduction_dtype).items():
            grads = [p.grad for p in params]
            flat = _packing.pack(grads, numpy.empty(_packing.total_size(grads), dtype))
            requests.append(mpi_comm.Iallreduce(MPI.IN_PLACE, flat))
            self._parts.append((flat, grads))
        self._requests = requests

    def wait(self):
        """Completes the all-reduces and writes the mean gradients (once; later calls do
        nothing)."""
        if self._requests is None:
            return
        _mpi.mpi().Request.Waitall(self._requests)
        self._requests = None
        for flat, grads in self._parts:
            flat *= flat.dtype.type(1.0 / self._size)
            _packing.unpack(flat, grads)
        self._parts = []
