"""Array collectives the differentiable communication functions build on: gather,
scatter, all-gather and all-to-all of arrays whose shapes may differ from rank to rank.

The arrays travel through host memory (pickled by mpi4py, float16 included, so no dtype
is changed on the way); what arrives is put where the local arrays live (the current GPU
when they are CuPy arrays, else where the communicator keeps received arrays).
"""
import numpy

from chainer import cuda


def _host(array):
    return numpy.ascontiguousarray(cuda.to_cpu(array))


def _placed(comm, arrays, like):
    """``arrays`` (host) moved next to ``like`` (an array or None)."""
    if like is not None and not isinstance(like, numpy.ndarray):
        return [cuda.to_gpu(a) for a in arrays]
    return [comm._to_device(a) for a in arrays]


def gather(comm, array, root):
    """The list of every rank's ``array`` on rank ``root`` (rank order); None elsewhere."""
    found = comm.mpi_comm.gather(_host(array), root=root)
    return None if found is None else _placed(comm, found, array)


def scatter(comm, arrays, root, like=None):
    """Rank ``r`` gets ``arrays[r]`` of rank ``root`` (``arrays`` is ignored elsewhere)."""
    host = [_host(a) for a in arrays] if comm.rank == root else None
    if host is not None and len(host) != comm.size:
        raise ValueError('scatter needs one array per process: {} arrays for {} '
                         'processes'.format(len(host), comm.size))
    mine = comm.mpi_comm.scatter(host, root=root)
    return _placed(comm, [mine], like if like is not None else
                   (arrays[0] if host is not None else None))[0]


def allgather(comm, array):
    """The list of every rank's ``array``, on every rank."""
    return _placed(comm, comm.mpi_comm.allgather(_host(array)), array)


def alltoall(comm, arrays, like=None):
    """Rank ``r`` gets the list of ``arrays[r]`` of every rank (one array per rank)."""
    if len(arrays) != comm.size:
        raise ValueError('alltoall needs one array per process: {} arrays for {} '
                         'processes'.format(len(arrays), comm.size))
    found = comm.mpi_comm.alltoall([_host(a) for a in arrays])
    return _placed(comm, found, like if like is not None else arrays[0])


def zeros_for_missing(grads, infos, xp=numpy):
    """``grads`` with each None replaced by ``xp`` zeros of the shape and dtype in
    ``infos`` (the engine gives None for an output nothing depended on)."""
    return tuple([xp.zeros(shape, dtype) if g is None else g
                  for g, (shape, dtype) in zip(grads, infos)])


def infos(arrays):
    """The ``(shape, dtype)`` of each array, for :func:`zeros_for_missing`."""
    return tuple([(a.shape, a.dtype) for a in arrays])


def empty(xp=numpy):
    """The empty float32 array a delegate variable holds."""
    return xp.zeros((0,), dtype=numpy.float32)
