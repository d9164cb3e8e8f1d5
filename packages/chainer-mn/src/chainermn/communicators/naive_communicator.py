"""ChainerMN v7's module path of the ``naive`` communicator (defined in
:mod:`chainermn.communicators.mpi_allreduce`)."""
from chainermn.communicators.mpi_allreduce import NaiveCommunicator  # NOQA
