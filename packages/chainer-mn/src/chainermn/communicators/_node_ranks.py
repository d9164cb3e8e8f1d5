"""Where each process sits: its rank within its machine and its machine's rank."""
import collections

#: The placement of one process: ``rank`` in the whole job, ``intra_rank``/``intra_size``
#: within its machine (node), ``inter_rank``/``inter_size`` of its node among the nodes.
NodeRanks = collections.namedtuple(
    'NodeRanks', ('rank', 'intra_rank', 'intra_size', 'inter_rank', 'inter_size'))


def assign(hostnames):
    """Returns the :class:`NodeRanks` of every process from the host name of each rank.

    Nodes are numbered by their lowest rank and processes within a node by rank, so the
    numbering depends on the launch order only.
    """
    ranks_of = collections.OrderedDict()
    for rank, host in enumerate(hostnames):
        ranks_of.setdefault(host, []).append(rank)
    node_of = {host: i for i, host in enumerate(ranks_of)}
    return [NodeRanks(rank, ranks_of[host].index(rank), len(ranks_of[host]), node_of[host],
                      len(ranks_of))
            for rank, host in enumerate(hostnames)]


def node_ranks(mpi_comm, processor_name):
    """This process's :class:`NodeRanks` in ``mpi_comm`` (a collective call).

    Args:
        mpi_comm: an mpi4py communicator.
        processor_name (str): this process's host (``MPI.Get_processor_name()``).
    """
    return assign(mpi_comm.allgather(processor_name))[mpi_comm.rank]
