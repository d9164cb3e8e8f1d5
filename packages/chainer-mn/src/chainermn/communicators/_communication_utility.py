"""Placement and large broadcasts over an mpi4py communicator, under ChainerMN v7's
names: ``init_ranks`` and ``chunked_bcast_obj``."""
import pickle

import numpy

from chainermn import _mpi
from chainermn.communicators import _node_ranks

#: The largest count of one MPI message (a C ``int``).
INT_MAX = 2 ** 31 - 1


def init_ranks(mpi_comm):
    """``[rank, intra_rank, intra_size, inter_rank, inter_size]`` of this process in
    ``mpi_comm`` (a collective call; machines are told apart by processor name)."""
    return list(_node_ranks.node_ranks(mpi_comm, _mpi.mpi().Get_processor_name()))


def chunked_bcast_obj(obj, mpi_comm, max_buf_len=256 * 1024 * 1024, root=0):
    """Broadcasts the object ``obj`` of rank ``root`` pickled, in pieces of at most
    ``max_buf_len`` bytes (for objects whose pickle exceeds one MPI message).

    Args:
        obj: the object on ``root`` (ignored elsewhere).
        mpi_comm: an mpi4py communicator.
        max_buf_len (int): bytes per piece, ``0 < max_buf_len < INT_MAX``.
        root (int): the broadcasting rank.

    Returns:
        the object, on every rank.

    Raises:
        AssertionError: for ``max_buf_len`` out of range (as ChainerMN v7).
    """
    assert 0 < max_buf_len < INT_MAX, 'max_buf_len must be in (0, INT_MAX)'
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL) \
        if mpi_comm.rank == root else None
    total = mpi_comm.bcast(None if data is None else len(data), root=root)
    buf = numpy.frombuffer(data, numpy.uint8).copy() if data is not None \
        else numpy.empty(total, numpy.uint8)
    for begin in range(0, total, max_buf_len):
        mpi_comm.Bcast(buf[begin:begin + max_buf_len], root=root)
    return obj if mpi_comm.rank == root else pickle.loads(buf.tobytes())
