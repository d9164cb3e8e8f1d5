"""GPU communicators: gradients summed with NCCL (through CuPy's binding, reached as
``chainer.cuda.nccl`` from cupy-kernels) and, between machines, MPI.

Every one packs the gradients of one dtype into one device buffer per step, sums it, and
divides by the number of processes while casting back with cupy-kernels' ``scale_cast``
kernel. NCCL communicators are created on the first all-reduce, so that each process has
chosen its GPU by then (``chainer.cuda.get_device(comm.intra_rank).use()``).
"""
import numpy

from chainer import cuda
from chainermn.communicators import _packing
from chainermn.communicators.communicator_base import (CommunicatorBase, group_by_dtype,
                                                       reduction_dtype, sum_on_host)


def _require_nccl(name):
    """Returns ``chainer.cuda.nccl``; a RuntimeError naming the communicator and what is
    missing (cupy-kernels, a device, NCCL) otherwise."""
    try:
        cuda.check_cuda_available()
        return cuda.nccl
    except (RuntimeError, AttributeError) as e:
        raise RuntimeError('the {} communicator needs GPUs with NCCL: {} (the CPU '
                           'communicators are naive and flat)'.format(name, e))


def _nccl_comm(nccl, mpi_comm):
    """An NCCL communicator over the processes of ``mpi_comm`` (a collective call)."""
    uid = nccl.get_unique_id() if mpi_comm.rank == 0 else None
    return nccl.NcclCommunicator(mpi_comm.size, mpi_comm.bcast(uid, root=0), mpi_comm.rank)


def _nccl_type(nccl, dtype):
    types = {numpy.dtype(numpy.float16): nccl.NCCL_FLOAT16,
             numpy.dtype(numpy.float32): nccl.NCCL_FLOAT32,
             numpy.dtype(numpy.float64): nccl.NCCL_FLOAT64}
    if numpy.dtype(dtype) not in types:
        raise TypeError('NCCL all-reduce takes float16, float32 or float64 gradients, got '
                        '{}'.format(numpy.dtype(dtype)))
    return types[numpy.dtype(dtype)]


class _NcclCommunicator(CommunicatorBase):
    """Base of the GPU communicators; subclasses define :meth:`_sum` (the in-place sum
    over all processes of a packed device buffer) and may pad the buffer."""

    name = None

    def __init__(self, mpi_comm):
        self._nccl = _require_nccl(self.name)
        super(_NcclCommunicator, self).__init__(mpi_comm)
        self._comms = None
        self._scaled = _packing.FlatBuffer()

    def _new(self, mpi_comm):
        return type(self)(mpi_comm)

    def _to_device(self, host_array):
        return cuda.to_gpu(host_array)

    def finalize(self):
        super(_NcclCommunicator, self).finalize()
        self._comms = None
        self._scaled = _packing.FlatBuffer()

    def _allreduce_dtype(self, grad_dtype):
        return reduction_dtype(grad_dtype)

    def _padded(self, n):
        return n

    def _allreduce_grad(self, model, scale):
        if self._comms is None:
            self._comms = self._create_comms()
        for grad_dtype, params in group_by_dtype(model, 'grad').items():
            grads = [p.grad for p in params]
            if cuda.get_array_module(grads[0]) is numpy:
                raise TypeError('the {} communicator all-reduces GPU gradients; the model '
                                'is on the CPU (call model.to_gpu())'.format(self.name))
            dtype = self._allreduce_dtype(grad_dtype)
            n = _packing.total_size(grads)
            flat = self._buffer.get(cuda.cupy, self._padded(n), dtype)
            _packing.pack(grads, flat[:n])
            self._sum(flat, dtype)
            out = flat if dtype == grad_dtype else self._scaled.get(cuda.cupy, n, grad_dtype)
            cuda.kernel('scale_cast')(flat[:n], scale, out[:n])
            _packing.unpack(out[:n], grads)

    def _stream(self):
        return cuda.Stream.null.ptr


class PureNcclCommunicator(_NcclCommunicator):
    """``pure_nccl``: one NCCL all-reduce over every process (NCCL >= 2 spans machines).

    Args:
        mpi_comm: the mpi4py communicator.
        allreduce_grad_dtype: dtype the gradients travel in (e.g. float16 to halve the
            traffic); None keeps theirs.
    """

    name = 'pure_nccl'

    def __init__(self, mpi_comm, allreduce_grad_dtype=None):
        if allreduce_grad_dtype is not None and \
                numpy.dtype(allreduce_grad_dtype).kind != 'f':
            raise ValueError('allreduce_grad_dtype must be float16, float32, float64 or '
                             'None, got {}'.format(allreduce_grad_dtype))
        super(PureNcclCommunicator, self).__init__(mpi_comm)
        self.allreduce_grad_dtype = (None if allreduce_grad_dtype is None
                                     else numpy.dtype(allreduce_grad_dtype))

    #: Double buffering (``create_multi_node_optimizer(..., double_buffering=True)``)
    #: is offered by this communicator only, as in ChainerMN v7. The mean is computed
    #: when it is started (no overlap on a second CUDA stream yet); the optimizer still
    #: applies the previous step's mean, so the results are those of v7.
    _supports_double_buffering = True

    def _new(self, mpi_comm):
        return type(self)(mpi_comm, self.allreduce_grad_dtype)

    def set_config(self, name, value=True, **kwargs):
        """As :meth:`CommunicatorBase.set_config`, and ``'allreduce_grad_dtype'``: the
        dtype gradients travel in (float16, float32, float64, or None for theirs;
        ValueError for others)."""
        if name != 'allreduce_grad_dtype':
            return super(PureNcclCommunicator, self).set_config(name, value, **kwargs)
        if value is not None and numpy.dtype(value).kind != 'f':
            raise ValueError('allreduce_grad_dtype must be float16, float32, float64 or '
                             'None, got {}'.format(value))
        self.allreduce_grad_dtype = None if value is None else numpy.dtype(value)

    def get_config(self, name=None):
        """As :meth:`CommunicatorBase.get_config`, with ``'allreduce_grad_dtype'``."""
        if name == 'allreduce_grad_dtype':
            return self.allreduce_grad_dtype
        found = super(PureNcclCommunicator, self).get_config(name)
        if name is None:
            found['allreduce_grad_dtype'] = self.allreduce_grad_dtype
        return found

    def _allreduce_dtype(self, grad_dtype):
        return self.allreduce_grad_dtype or numpy.dtype(grad_dtype)  # NCCL sums halves

    def _create_comms(self):
        return _nccl_comm(self._nccl, self._mpi_comm)

    def _sum(self, flat, dtype):
        ptr = flat.data.ptr
        self._comms.allReduce(ptr, ptr, flat.size, _nccl_type(self._nccl, dtype),
                              self._nccl.NCCL_SUM, self._stream())


class SingleNodeCommunicator(PureNcclCommunicator):
    """``single_node``: NCCL over the GPUs of one machine (refuses several machines)."""

    name = 'single_node'

    def __init__(self, mpi_comm):
        super(SingleNodeCommunicator, self).__init__(mpi_comm)
        if self.inter_size != 1:
            raise ValueError('the single_node communicator runs on one machine; this job '
                             'spans {} (use hierarchical or pure_nccl)'.format(self.inter_size))

    def _new(self, mpi_comm):
        return type(self)(mpi_comm)


class HierarchicalCommunicator(_NcclCommunicator):
    """``hierarchical``: NCCL reduce within each machine, MPI all-reduce between the
    machines' first processes (through host memory), NCCL broadcast within machines."""

    name = 'hierarchical'

    def _create_comms(self):
        intra = self._mpi_comm.Split(self.inter_rank, self.intra_rank)
        inter = self._mpi_comm.Split(self.intra_rank, self.inter_rank)
        return _nccl_comm(self._nccl, intra), inter

    def _sum(self, flat, dtype):
        intra, inter = self._comms
        kind, ptr, stream = _nccl_type(self._nccl, dtype), flat.data.ptr, self._stream()
        intra.reduce(ptr, ptr, flat.size, kind, self._nccl.NCCL_SUM, 0, stream)
        if self.intra_rank == 0 and self.inter_size > 1:
            _host_allreduce(inter, flat)
        intra.bcast(ptr, flat.size, kind, 0, stream)


class TwoDimensionalCommunicator(_NcclCommunicator):
    """``two_dimensional``: NCCL reduce-scatter within each machine, MPI all-reduce of
    each process's slice between machines (every process takes part, which uses every
    network interface), NCCL all-gather within machines."""

    name = 'two_dimensional'

    def _create_comms(self):
        intra = self._mpi_comm.Split(self.inter_rank, self.intra_rank)
        inter = self._mpi_comm.Split(self.intra_rank, self.inter_rank)
        return _nccl_comm(self._nccl, intra), inter

    def _padded(self, n):
        return -(-n // self.intra_size) * self.intra_size

    def _sum(self, flat, dtype):
        intra, inter = self._comms
        kind, stream = _nccl_type(self._nccl, dtype), self._stream()
        chunk = flat.size // self.intra_size
        mine = flat[self.intra_rank * chunk:(self.intra_rank + 1) * chunk]
        intra.reduceScatter(flat.data.ptr, mine.data.ptr, chunk, kind, self._nccl.NCCL_SUM,
                            stream)
        if self.inter_size > 1:
            _host_allreduce(inter, mine)
        intra.allGather(mine.data.ptr, flat.data.ptr, chunk, kind, stream)


def _host_allreduce(mpi_comm, device_array):
    """Sums ``device_array`` over ``mpi_comm`` in place, through host memory (works with
    any MPI)."""
    cuda.Stream.null.synchronize()
    device_array.set(sum_on_host(mpi_comm, cuda.to_cpu(device_array)))
