"""ChainerMN for Chainer v1: data-parallel training over MPI.

Launch the same script on every process (``mpiexec -n 4 python train.py``), each with::

    comm = chainermn.create_communicator('naive')      # 'pure_nccl' etc. on GPUs
    train = chainermn.scatter_dataset(train, comm, shuffle=True)
    optimizer = chainermn.create_multi_node_optimizer(optimizers.Adam(), comm)
    evaluator = chainermn.create_multi_node_evaluator(extensions.Evaluator(...), comm)

``import chainermn`` does not start MPI; :func:`create_communicator` does. It installs
:mod:`chainermn.global_except_hook`, so that an uncaught exception on one process aborts
the whole job instead of leaving the others waiting.
"""
from chainermn import communicators  # NOQA
from chainermn import datasets  # NOQA
from chainermn import extensions  # NOQA
from chainermn import functions  # NOQA
from chainermn import global_except_hook  # NOQA
from chainermn import iterators  # NOQA
from chainermn import links  # NOQA
from chainermn import optimizers  # NOQA
from chainermn._mpi import MPIUnavailableError  # NOQA
from chainermn._version import __version__  # NOQA
from chainermn.communicators import CommunicatorBase, create_communicator  # NOQA
from chainermn.datasets import DataSizeError, scatter_dataset, scatter_index  # NOQA
from chainermn.extensions import (create_multi_node_checkpointer,  # NOQA
                                  create_multi_node_evaluator)
from chainermn.links import MultiNodeChainList  # NOQA
from chainermn.optimizers import create_multi_node_optimizer  # NOQA

global_except_hook._add_hook_if_enabled()
