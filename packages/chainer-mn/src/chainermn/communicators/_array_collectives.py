"""The array collectives of a communicator: gather, all-gather, scatter and all-to-all of
arrays whose shapes may differ from rank to rank (one dtype over all ranks).

Each operation first exchanges every array's shape and dtype as a small Python object,
then moves all payloads in one ``MPI_*v`` call on their raw bytes through host memory
(so float16 and integer arrays keep their dtype). A misuse found on one rank (a tuple
where an array is expected, dtypes that differ between ranks, the wrong number of
arrays) is reported on every rank from the exchanged descriptions, so no rank is left
waiting in a collective. Received arrays are put where the sender's local array lives
(the current GPU for CuPy input; where the communicator keeps received arrays
otherwise).
"""
import numpy

from chainer import cuda


def _host(array):
    return numpy.ascontiguousarray(cuda.to_cpu(array))


def _is_array(x):
    return isinstance(x, numpy.ndarray) or (
        cuda.available and isinstance(x, cuda.ndarray))


def _describe(x):
    """``(shape, dtype str)`` of an array; a string saying what is wrong otherwise."""
    if not _is_array(x):
        return 'expected an array, got {}'.format(type(x).__name__)
    return tuple(x.shape), numpy.dtype(x.dtype).str


def _check(caller, descriptions):
    """Raises on every rank alike when a description is an error or dtypes differ."""
    for d in descriptions:
        if isinstance(d, str):
            raise TypeError('{}: {}'.format(caller, d))
    dtypes = {d[1] for d in descriptions}
    if len(dtypes) > 1:
        raise TypeError('{}: all arrays must have one dtype, got {}'.format(
            caller, ', '.join(sorted(str(numpy.dtype(t)) for t in dtypes))))


def _nbytes(description):
    shape, dtype = description
    return int(numpy.prod(shape, dtype=numpy.int64)) * numpy.dtype(dtype).itemsize


def _offsets(counts):
    return [int(v) for v in numpy.concatenate([[0], numpy.cumsum(counts)[:-1]])]


def _split(buf, descriptions):
    """The arrays of ``descriptions`` laid one after the other in the uint8 ``buf``."""
    out, offset = [], 0
    for d in descriptions:
        n = _nbytes(d)
        out.append(buf[offset:offset + n].view(numpy.dtype(d[1])).reshape(d[0]))
        offset += n
    return out


def _placed(comm, arrays, like):
    if like is not None and not isinstance(like, numpy.ndarray):
        return [cuda.to_gpu(a) for a in arrays]
    return [comm._to_device(a) for a in arrays]


def _recv_buffer(descriptions):
    counts = [_nbytes(d) for d in descriptions]
    return numpy.empty(max(sum(counts), 1), numpy.uint8)[:sum(counts)], counts


def gather(comm, x, root):
    """Every rank's array ``x`` as a tuple in rank order on ``root``; None elsewhere."""
    descriptions = comm.mpi_comm.allgather(_describe(x))
    _check('gather', descriptions)
    send = _host(x).reshape(-1).view(numpy.uint8)
    if comm.rank != root:
        comm.mpi_comm.Gatherv(send, None, root=root)
        return None
    buf, counts = _recv_buffer(descriptions)
    comm.mpi_comm.Gatherv(send, [buf, counts, _offsets(counts), _byte()], root=root)
    return tuple(_placed(comm, _split(buf, descriptions), x))


def allgather(comm, x):
    """Every rank's array ``x`` as a tuple in rank order, on every rank."""
    descriptions = comm.mpi_comm.allgather(_describe(x))
    _check('allgather', descriptions)
    buf, counts = _recv_buffer(descriptions)
    send = _host(x).reshape(-1).view(numpy.uint8)
    comm.mpi_comm.Allgatherv(send, [buf, counts, _offsets(counts), _byte()])
    return tuple(_placed(comm, _split(buf, descriptions), x))


def _sequence_descriptions(xs, size):
    """Descriptions of the arrays of the sequence ``xs`` (one per rank), or an error."""
    if _is_array(xs) or not isinstance(xs, (tuple, list)):
        return 'takes a tuple of {} arrays (one per process), got {}'.format(
            size, type(xs).__name__)
    if len(xs) != size:
        return 'takes one array per process: {} arrays for {} processes'.format(
            len(xs), size)
    described = [_describe(x) for x in xs]
    for d in described:
        if isinstance(d, str):
            return d
    if len({d[1] for d in described}) > 1:
        return 'all arrays must have one dtype'
    return described


def _raise_if_error(caller, found):
    if isinstance(found, str):
        raise ValueError('{}: {}'.format(caller, found))


def alltoall(comm, xs):
    """Rank ``r`` gets the tuple of ``xs[r]`` of every rank (``xs``: one array per rank)."""
    mine = _sequence_descriptions(xs, comm.size)
    verdicts = comm.mpi_comm.allgather(mine if isinstance(mine, str) else None)
    for v in verdicts:
        _raise_if_error('alltoall', v)
    incoming = comm.mpi_comm.alltoall(mine)
    _check('alltoall', list(mine) + list(incoming))
    send = numpy.concatenate([_host(x).reshape(-1).view(numpy.uint8) for x in xs])
    send_counts = [_nbytes(d) for d in mine]
    buf, counts = _recv_buffer(incoming)
    comm.mpi_comm.Alltoallv([send, send_counts, _offsets(send_counts), _byte()],
                            [buf, counts, _offsets(counts), _byte()])
    return tuple(_placed(comm, _split(buf, incoming), xs[0]))


def scatter(comm, xs, root):
    """Rank ``r`` gets ``xs[r]`` of rank ``root``: ``xs`` is a tuple of one array per
    rank, or an array whose first axis has one entry per rank (``xs`` is ignored on the
    other ranks)."""
    if comm.rank == root:
        parts = xs
        if _is_array(xs):
            parts = (tuple(xs[i] for i in range(comm.size)) if xs.ndim and
                     len(xs) == comm.size else
                     'an array to scatter needs one entry per process on its first '
                     'axis: shape {} for {} processes'.format(xs.shape, comm.size))
        found = parts if isinstance(parts, str) else \
            _sequence_descriptions(parts, comm.size)
        plan = comm.mpi_comm.bcast(found, root=root)
    else:
        plan = comm.mpi_comm.bcast(None, root=root)
    _raise_if_error('scatter', plan)
    buf, _ = _recv_buffer([plan[comm.rank]])
    if comm.rank == root:
        send = numpy.concatenate([_host(x).reshape(-1).view(numpy.uint8) for x in parts])
        counts = [_nbytes(d) for d in plan]
        comm.mpi_comm.Scatterv([send, counts, _offsets(counts), _byte()], buf, root=root)
        like = parts[0]
    else:
        comm.mpi_comm.Scatterv(None, buf, root=root)
        like = None
    return _placed(comm, _split(buf, [plan[comm.rank]]), like)[0]


def _byte():
    from chainermn import _mpi
    return _mpi.mpi().BYTE
