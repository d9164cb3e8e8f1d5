"""Run under mpiexec by test_mn_data.py: scatter_index, DataSizeError,
create_empty_dataset, and the multi-node and synchronized iterators (with snapshots);
pickles what each rank saw to <out>/rank<r>.pkl."""
import pathlib
import pickle
import sys
import warnings

import numpy

import chainer
import chainermn
from chainer import serializers


def take(it, n):
    return [(it.next(), it.epoch, it.current_position, it.is_new_epoch, it.epoch_detail)
            for _ in range(n)]


def dataset():
    # examples of mixed types: an array, an int and a string
    return [(numpy.full(2, i, numpy.float32), i, 'ex{}'.format(i)) for i in range(7)]


def multi_node(comm, found, out, master):
    numpy.random.seed(100 + comm.rank)  # each rank would shuffle differently
    actual = (chainer.iterators.SerialIterator(dataset(), 3)
              if comm.rank == master else None)
    it = chainermn.iterators.create_multi_node_iterator(actual, comm, rank_master=master)
    found['mn', master] = take(it, 4)
    path = str(pathlib.Path(out) / 'it{}_{}.npz'.format(master, comm.rank))
    serializers.save_npz(path, it)
    found['mn_next', master] = take(it, 3)
    # a fresh iterator resumed from the snapshot continues the same way
    numpy.random.seed(200 + comm.rank)
    actual = (chainer.iterators.SerialIterator(dataset(), 3)
              if comm.rank == master else None)
    it = chainermn.iterators.create_multi_node_iterator(actual, comm, rank_master=master)
    serializers.load_npz(path, it)
    found['mn_resumed', master] = take(it, 3)
    # every rank's snapshot holds the master's iterator state: a plain iterator
    # resumes from it (as from ChainerMN v7's)
    plain = chainer.iterators.SerialIterator(dataset(), 3)
    serializers.load_npz(path, plain)
    found['plain_resumed', master] = take(plain, 3)


def main(out):
    comm = chainermn.create_communicator('naive')
    found = {'rank': comm.rank}
    found['index_equal'] = chainermn.scatter_index(10, comm)
    found['index_disjoint'] = chainermn.scatter_index(
        10 if comm.rank == 1 else None, comm, root=1, force_equal_length=False)
    try:
        chainermn.scatter_index(-1, comm)
    except chainermn.DataSizeError as error:
        found['size_error'] = str(error)
    found['disjoint_dataset'] = list(chainermn.scatter_dataset(
        list(range(10)) if comm.rank == 0 else None, comm, force_equal_length=False))
    found['empty'] = chainermn.datasets.create_empty_dataset(dataset())
    share = list(range(5 + comm.rank))  # rank 0's share decides
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        found['epoch_helpers'] = (
            chainermn.datasets.scatter.get_n_iterations_for_one_epoch(share, 2, comm),
            chainermn.datasets.scatter.get_epoch_trigger(3, share, 2, comm),
            [w.category.__name__ for w in caught])

    for master in (0, comm.size - 1):
        multi_node(comm, found, out, master)
    # the end of a non-repeating master ends every rank's iteration
    actual = (chainer.iterators.SerialIterator(dataset(), 3, repeat=False, shuffle=False)
              if comm.rank == 0 else None)
    found['mn_once'] = list(chainermn.iterators.create_multi_node_iterator(actual, comm))

    numpy.random.seed(comm.rank)  # different seeds: the iterator must agree anyway
    it = chainermn.iterators.create_synchronized_iterator(
        chainer.iterators.SerialIterator(list(range(10)), 4), comm)
    found['sync'] = take(it, 5)
    path = str(pathlib.Path(out) / 'sync{}.npz'.format(comm.rank))
    serializers.save_npz(path, it)
    found['sync_next'] = take(it, 4)
    numpy.random.seed(50 + comm.rank)
    it = chainermn.iterators.create_synchronized_iterator(
        chainer.iterators.SerialIterator(list(range(10)), 4), comm)
    serializers.load_npz(path, it)
    found['sync_resumed'] = take(it, 4)
    (pathlib.Path(out) / 'rank{}.pkl'.format(comm.rank)).write_bytes(pickle.dumps(found))


if __name__ == '__main__':
    main(sys.argv[1])
