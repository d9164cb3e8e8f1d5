"""ChainerMN v7's module path of the ``flat`` communicator (defined in
:mod:`chainermn.communicators.mpi_allreduce`)."""
from chainermn.communicators.mpi_allreduce import FlatCommunicator  # NOQA
