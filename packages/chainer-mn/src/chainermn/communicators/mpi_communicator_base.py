"""ChainerMN v7's module path of the base of the MPI communicators: here every
communicator is an MPI communicator, so ``MpiCommunicatorBase`` is
:class:`~chainermn.communicators.CommunicatorBase` (a subclass may define
``multi_node_mean_grad(model, zero_fill=False)`` as in v7)."""
from chainermn.communicators.communicator_base import CommunicatorBase

#: The base of the MPI communicators (the same class as ``CommunicatorBase``).
MpiCommunicatorBase = CommunicatorBase
