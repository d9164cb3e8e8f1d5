"""Communicators: how processes exchange arrays, objects and gradients.

| name | gradients all-reduced | needs |
| --- | --- | --- |
| ``naive`` | MPI, through host memory | any MPI (CPU or GPU models) |
| ``flat`` | MPI, in the gradients' memory | CUDA-aware MPI for GPU models |
| ``pure_nccl`` | NCCL over all processes | GPUs, CuPy with NCCL (cupy-kernels) |
| ``single_node`` | NCCL within one machine | GPUs, one machine |
| ``hierarchical`` | NCCL within machines, MPI between | GPUs |
| ``two_dimensional`` | NCCL reduce-scatter, MPI, NCCL all-gather | GPUs |
| ``non_cuda_aware`` | as ``hierarchical`` (ChainerMN v7's name) | GPUs |
| ``dummy`` | not at all: packs and unpacks (measures that cost) | anything |
"""
import importlib

from chainermn import _mpi
from chainermn.communicators.communicator_base import CommunicatorBase

#: Communicator name -> (module, class) in this package.
COMMUNICATORS = {
    'naive': ('mpi_allreduce', 'NaiveCommunicator'),
    'flat': ('mpi_allreduce', 'FlatCommunicator'),
    'pure_nccl': ('nccl_allreduce', 'PureNcclCommunicator'),
    'single_node': ('nccl_allreduce', 'SingleNodeCommunicator'),
    'hierarchical': ('nccl_allreduce', 'HierarchicalCommunicator'),
    'two_dimensional': ('nccl_allreduce', 'TwoDimensionalCommunicator'),
    'non_cuda_aware': ('non_cuda_aware_communicator', 'NonCudaAwareCommunicator'),
    'dummy': ('dummy_communicator', 'DummyCommunicator'),
}


def create_communicator(communicator_name='hierarchical', mpi_comm=None,
                        allreduce_grad_dtype=None, batched_copy=True):
    """Creates a ChainerMN communicator (a collective call: every process calls it).

    Args:
        communicator_name (str): one of :data:`COMMUNICATORS` (``naive`` or ``flat`` on
            the CPU; the default, ``hierarchical``, as the others, needs GPUs).
        mpi_comm: the mpi4py communicator to work over; ``MPI.COMM_WORLD`` by default.
        allreduce_grad_dtype: dtype gradients are all-reduced in (e.g. ``numpy.float16``
            to halve the traffic); ``pure_nccl`` only; None keeps the gradients' dtype.
        batched_copy (bool): ChainerMN v7's ``'batched_copy'`` configuration (see
            :meth:`CommunicatorBase.set_config`; every communicator here packs each
            dtype's gradients into one buffer either way).

    Returns:
        CommunicatorBase: the communicator.

    Raises:
        ValueError: for an unknown name, or ``allreduce_grad_dtype`` with another
            communicator than ``pure_nccl``.
        chainermn.MPIUnavailableError: when MPI cannot be started.
        RuntimeError: for a GPU communicator without CUDA or NCCL (says what is missing).
    """
    if communicator_name not in COMMUNICATORS:
        raise ValueError('unknown communicator_name {!r}: expected one of {}'.format(
            communicator_name, ', '.join(sorted(COMMUNICATORS))))
    if allreduce_grad_dtype is not None and communicator_name != 'pure_nccl':
        raise ValueError('allreduce_grad_dtype is only supported by the pure_nccl '
                         'communicator, not {!r}'.format(communicator_name))
    if mpi_comm is None:
        mpi_comm = _mpi.mpi().COMM_WORLD
    module, name = COMMUNICATORS[communicator_name]
    cls = getattr(importlib.import_module(__name__ + '.' + module), name)
    if allreduce_grad_dtype is not None:
        comm = cls(mpi_comm, allreduce_grad_dtype=allreduce_grad_dtype)
    else:
        comm = cls(mpi_comm)
    comm.set_config('batched_copy', batched_copy)
    return comm
