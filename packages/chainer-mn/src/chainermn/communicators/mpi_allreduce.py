"""Gradients averaged with one ``MPI_Allreduce`` of a packed buffer per dtype: the
``naive`` (host memory) and ``flat`` (device memory) communicators."""
import numpy

from chainer import cuda
from chainermn import _mpi
from chainermn.communicators import _packing
from chainermn.communicators.communicator_base import (CommunicatorBase, group_by_dtype,
                                                       reduction_dtype)


class _PackedAllreduceCommunicator(CommunicatorBase):
    """Packs the gradients of each dtype into one buffer, sums it over MPI in place and
    divides by the number of processes. ``_on_device`` says where the buffer lives for GPU
    gradients: host memory (any MPI) or device memory (needs a CUDA-aware MPI). For CPU
    gradients both are the same host buffer."""

    _on_device = False

    def allreduce_grad(self, model):
        MPI = _mpi.mpi()
        for dtype, grads in group_by_dtype(model, 'grad', reduction_dtype).items():
            xp = cuda.get_array_module(grads[0])
            where = xp if self._on_device else numpy
            flat = _packing.pack(grads, self._buffer.get(
                where, _packing.total_size(grads), dtype))
            if where is not numpy:
                cuda.Stream.null.synchronize()  # MPI reads device memory directly
            self._mpi_comm.Allreduce(MPI.IN_PLACE, flat)
            flat *= dtype.type(1.0 / self.size)
            _packing.unpack(flat if where is xp else cuda.to_gpu(flat), grads)


class NaiveCommunicator(_PackedAllreduceCommunicator):
    """``naive``: all-reduces through host memory, with any MPI; works on the CPU and on
    GPUs (gradients are copied to the host and back)."""


class FlatCommunicator(_PackedAllreduceCommunicator):
    """``flat``: all-reduces the packed buffer where the gradients are; on GPUs the MPI
    library must be CUDA-aware (it reads device memory). On the CPU it is ``naive``."""

    _on_device = True
