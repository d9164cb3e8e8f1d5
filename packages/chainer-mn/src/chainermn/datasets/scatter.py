"""Which indices of a dataset each process takes: ``scatter_index``, ``DataSizeError``,
the bounds ``scatter_dataset`` uses too, and v7's deprecated epoch helpers (ChainerMN
v7's module name)."""
import numbers
import warnings


class DataSizeError(RuntimeError):
    """A number of examples that cannot be split across the processes (not a
    non-negative integer). ChainerMN v7 defines this exception (and never raises it);
    here :func:`scatter_index` and :func:`~chainermn.scatter_dataset` raise it."""


def share_bounds(n_total, n_ranks, force_equal_length=True):
    """The ``[begin, end)`` of every rank's share of ``n_total`` indices.

    Args:
        n_total (int): Number of indices (examples).
        n_ranks (int): Number of processes.
        force_equal_length (bool): True: every share has ``ceil(n_total / n_ranks)``
            indices, so every process runs the same number of iterations; when
            ``n_ranks`` does not divide ``n_total`` a few indices at the borders
            belong to two shares. False: the shares do not overlap and their lengths
            differ by at most one (the first ``n_total % n_ranks`` ranks take one more).

    Returns:
        list of (int, int): one ``(begin, end)`` per rank, in rank order.

    Raises:
        DataSizeError: ``n_total`` is not a non-negative integer.
    """
    if (isinstance(n_total, bool) or not isinstance(n_total, numbers.Integral) or
            n_total < 0):
        raise DataSizeError('the number of examples to scatter must be a non-negative '
                            'integer, got {!r}'.format(n_total))
    n_total = int(n_total)
    if force_equal_length:
        share = -(-n_total // n_ranks)
        return [(n_total * i // n_ranks, n_total * i // n_ranks + share)
                for i in range(n_ranks)]
    base, extra = divmod(n_total, n_ranks)
    bounds, begin = [], 0
    for i in range(n_ranks):
        end = begin + base + (1 if i < extra else 0)
        bounds.append((begin, end))
        begin = end
    return bounds


def _scatter_index(n_total_samples, size, force_equal_length):
    """Yields ``(rank, begin, end)`` of every rank's share (ChainerMN v7's private
    generator; :func:`share_bounds` computes the shares)."""
    for rank, (begin, end) in enumerate(share_bounds(n_total_samples, size,
                                                     force_equal_length)):
        yield rank, begin, end


def scatter_index(n_total_indices, comm, root=0, force_equal_length=True):
    """Gives each process its range of ``n_total_indices`` indices, without moving data.

    The range ``scatter_dataset`` would give this process: use it where every process
    can read the dataset itself (e.g. from a shared file system), for instance with
    ``chainer.datasets.SubDataset(dataset, begin, end, order)`` and an ``order``
    broadcast from one rank.

    Args:
        n_total_indices (int): Number of indices (the length of the dataset) on rank
            ``root``; ignored on the other ranks.
        comm: a ChainerMN communicator.
        root (int): The rank that decides the split.
        force_equal_length (bool): True (default): every process gets
            ``ceil(n / size)`` indices (a few indices twice when ``size`` does not
            divide ``n``), as training with a multi-node optimizer needs; False: no
            index twice, lengths differing by at most one (for an exact evaluation).

    Returns:
        tuple of two ints: ``(begin, end)``, this process's indices
        ``begin .. end - 1``.

    Raises:
        DataSizeError: ``n_total_indices`` on rank ``root`` is not a non-negative
            integer (raised on every rank).
    """
    if not 0 <= root < comm.size:
        raise ValueError('root must be a rank in [0, {}), got {}'.format(comm.size, root))
    if comm.rank == root:
        try:
            bounds = share_bounds(n_total_indices, comm.size, force_equal_length)
        except DataSizeError as error:
            bounds = error
    else:
        bounds = None
    # One broadcast: every rank learns its bounds, or the error, at the same time.
    bounds = comm.bcast_obj(bounds, root=root)
    if isinstance(bounds, DataSizeError):
        raise bounds
    return tuple(bounds[comm.rank])


def get_n_iterations_for_one_epoch(dataset, local_batch_size, comm):
    """Number of iterations of one epoch over rank 0's share (deprecated in ChainerMN
    v7, kept for its scripts: epoch triggers work directly, since every share has the
    same length).

    Args:
        dataset: this process's share (e.g. from :func:`~chainermn.scatter_dataset`).
        local_batch_size (int): Batch size of each process.
        comm: a ChainerMN communicator.

    Returns:
        int: ``ceil(len(share of rank 0) / local_batch_size)``, on every rank.
    """
    warnings.warn('get_n_iterations_for_one_epoch is deprecated: use an epoch trigger',
                  DeprecationWarning, stacklevel=2)
    n = -(-len(dataset) // local_batch_size) if comm.rank == 0 else None
    return comm.bcast_obj(n, root=0)


def get_epoch_trigger(n_epochs, dataset, local_batch_size, comm):
    """An iteration trigger lasting ``n_epochs`` epochs of rank 0's share (deprecated in
    ChainerMN v7, kept for its scripts).

    Args:
        n_epochs (int): Number of epochs.
        dataset: this process's share.
        local_batch_size (int): Batch size of each process.
        comm: a ChainerMN communicator.

    Returns:
        tuple: ``(n_epochs * iterations per epoch, 'iteration')``.
    """
    warnings.warn('get_epoch_trigger is deprecated: use an epoch trigger',
                  DeprecationWarning, stacklevel=2)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        per_epoch = get_n_iterations_for_one_epoch(dataset, local_batch_size, comm)
    return n_epochs * per_epoch, 'iteration'
