"""``non_cuda_aware``: ChainerMN v7's GPU communicator for an MPI that cannot read device
memory."""
from chainermn.communicators.nccl_allreduce import HierarchicalCommunicator


class NonCudaAwareCommunicator(HierarchicalCommunicator):
    """``non_cuda_aware``: NCCL reduce within each machine, MPI all-reduce of the sums
    between machines through host memory (any MPI), NCCL broadcast within machines: the
    ``hierarchical`` algorithm under ChainerMN v7's name."""

    name = 'non_cuda_aware'
