"""ChainerMN v7's module path of the ``pure_nccl`` communicator (defined in
:mod:`chainermn.communicators.nccl_allreduce`)."""
from chainermn.communicators.nccl_allreduce import PureNcclCommunicator  # NOQA
