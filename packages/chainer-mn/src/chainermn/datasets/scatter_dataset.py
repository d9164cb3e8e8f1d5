"""Splitting a dataset across the processes of a job."""
import numpy

from chainer.datasets import SubDataset
from chainermn.datasets import scatter as _scatter


def shares(n_examples, n_ranks):
    """The ``[begin, end)`` of every rank's equal share of ``n_examples`` (see
    :func:`~chainermn.datasets.scatter.share_bounds`)."""
    return _scatter.share_bounds(n_examples, n_ranks)


def scatter_dataset(dataset, comm, root=0, shuffle=False, seed=None,
                    max_buf_len=256 * 1024 * 1024, *, force_equal_length=True):
    """Gives each process an equal share of the ``dataset`` of rank ``root``.

    Rank ``root`` keeps a view of its share (nothing copied); every other rank receives
    only its own examples, pickled once to be sent. The datasets other ranks pass are
    ignored (pass None there to avoid loading the data on every process).

    Args:
        dataset: a dataset on rank ``root`` (list, array, ``TupleDataset``, ...).
        comm: a ChainerMN communicator.
        root (int): the rank whose dataset is scattered.
        shuffle (bool): permute the examples before splitting.
        seed (int): seed of the permutation; the same seed gives every rank the same
            examples on every run. None draws a new permutation (on rank ``root``).
        max_buf_len (int): Accepted for ChainerMN v7's signature; it has no effect
            here (each process's share goes as one pickled message).
        force_equal_length (bool): True (default): the shares have equal lengths
            (see above), as a multi-node optimizer or evaluator needs; False: no
            example is in two shares and the lengths differ by at most one (for an
            exact evaluation on a test set).

    Returns:
        chainer.datasets.SubDataset: this rank's share.
    """
    if not 0 <= root < comm.size:
        raise ValueError('root must be a rank in [0, {}), got {}'.format(comm.size, root))
    if comm.rank != root:
        examples = comm.recv_obj(source=root, tag=_TAG)
        return SubDataset(examples, 0, len(examples))
    if dataset is None or not hasattr(dataset, '__len__'):
        raise TypeError('dataset on the root rank must be a dataset with a length, got '
                        '{}'.format(type(dataset).__name__))
    order = numpy.random.RandomState(seed).permutation(len(dataset)) if shuffle else None
    mine = None
    bounds = _scatter.share_bounds(len(dataset), comm.size, force_equal_length)
    for rank, (begin, end) in enumerate(bounds):
        if rank == root:
            mine = SubDataset(dataset, begin, end, order)
        else:
            indices = range(begin, end) if order is None else order[begin:end]
            comm.send_obj(_take(dataset, indices), dest=rank, tag=_TAG)
    return mine


#: Message tag of the shares, apart from user messages on tag 0.
_TAG = 0x5CA7


def _take(dataset, indices):
    if isinstance(dataset, numpy.ndarray):
        return dataset[numpy.asarray(indices, dtype=numpy.intp)]
    return [dataset[int(i)] for i in indices]
