"""scatter_index, DataSizeError, create_empty_dataset and the multi-node and
synchronized iterators under ``mpiexec -n 2`` and ``-n 3`` (one launch of
mpi_scripts/mn_data.py each)."""
import numpy
import pytest

import chainermn
from chainermn.datasets.scatter import share_bounds
from conftest import launch_ok


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('mn_data{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'mn_data.py', out)


def test_share_bounds_equal_and_disjoint():
    assert share_bounds(10, 3) == [(0, 4), (3, 7), (6, 10)]
    assert share_bounds(10, 3, force_equal_length=False) == [(0, 4), (4, 7), (7, 10)]
    assert share_bounds(2, 3, force_equal_length=False) == [(0, 1), (1, 2), (2, 2)]
    assert share_bounds(0, 2) == [(0, 0), (0, 0)]
    for bad in (-1, 2.5, True):
        with pytest.raises(chainermn.DataSizeError):
            share_bounds(bad, 2)
    assert issubclass(chainermn.DataSizeError, RuntimeError)


def test_v7_private_scatter_index_generator_yields_ranked_shares():
    from chainermn.datasets.scatter import _scatter_index
    assert list(_scatter_index(10, 3, False)) == [(0, 0, 4), (1, 4, 7), (2, 7, 10)]
    assert list(_scatter_index(10, 3, True)) == [(0, 0, 4), (1, 3, 7), (2, 6, 10)]


def test_create_empty_dataset_has_one_empty_example_per_example():
    empty = chainermn.datasets.create_empty_dataset(numpy.zeros((4, 3)))
    assert empty == [(), (), (), ()]


def test_scatter_index(ranks):
    n = len(ranks)
    share = -(-10 // n)
    for rank, found in enumerate(ranks):
        begin = 10 * rank // n
        assert found['index_equal'] == (begin, begin + share)
    disjoint = [found['index_disjoint'] for found in ranks]
    assert disjoint[0][0] == 0 and disjoint[-1][1] == 10
    assert all(a[1] == b[0] for a, b in zip(disjoint, disjoint[1:]))
    lengths = [e - b for b, e in disjoint]
    assert max(lengths) - min(lengths) <= 1 and lengths == sorted(lengths, reverse=True)


def test_deprecated_epoch_helpers_count_rank_0s_iterations(ranks):
    for found in ranks:
        assert found['epoch_helpers'] == (3, (9, 'iteration'), ['DeprecationWarning'] * 2)


def test_bad_size_raises_data_size_error_on_every_rank(ranks):
    assert all('-1' in found['size_error'] for found in ranks)


def test_scatter_dataset_without_equal_length_covers_each_example_once(ranks):
    shares = [found['disjoint_dataset'] for found in ranks]
    assert sum(shares, []) == list(range(10))


def _batch_ids(batches):
    return [([ex[1] for ex in batch], epoch, pos, new, detail)
            for batch, epoch, pos, new, detail in batches]


@pytest.mark.parametrize('master', ['first', 'last'])
def test_multi_node_iterator_gives_the_master_batches_everywhere(ranks, master):
    master = 0 if master == 'first' else len(ranks) - 1
    seen = [_batch_ids(found['mn', master]) for found in ranks]
    assert all(s == seen[0] for s in seen)
    # 4 batches of 3 over 7 examples: positions and epochs as one iterator has them
    assert [(e, p, new) for _, e, p, new, _ in seen[0]] == [
        (0, 3, False), (0, 6, False), (1, 2, True), (1, 5, False)]
    first_epoch = seen[0][0][0] + seen[0][1][0] + seen[0][2][0][:1]
    assert sorted(first_epoch) == list(range(7))
    for found in ranks:  # examples arrive whole: array, int and string
        array, i, name = found['mn', master][0][0][0]
        assert array.dtype == numpy.float32 and (array == i).all() and name == 'ex%d' % i


@pytest.mark.parametrize('master', ['first', 'last'])
def test_multi_node_iterator_resumes_from_a_snapshot(ranks, master):
    master = 0 if master == 'first' else len(ranks) - 1
    for found in ranks:
        assert (_batch_ids(found['mn_resumed', master]) ==
                _batch_ids(found['mn_next', master]) ==
                _batch_ids(ranks[0]['mn_next', master]))
        assert (_batch_ids(found['plain_resumed', master]) ==
                _batch_ids(ranks[0]['mn_next', master]))


def test_multi_node_iterator_stops_everywhere_with_the_master(ranks):
    for found in ranks:
        assert [[ex[1] for ex in b] for b in found['mn_once']] == [[0, 1, 2], [3, 4, 5],
                                                                  [6]]


def test_synchronized_iterator_shuffles_alike_on_every_rank(ranks):
    seen = [found['sync'] for found in ranks]
    assert all(s == seen[0] for s in seen)
    epochs = sum([b for b, *_ in seen[0]], [])
    assert sorted(epochs[:10]) == list(range(10)) and sorted(epochs[10:]) == list(range(10))
    assert epochs[:10] != list(range(10))  # shuffled


def test_synchronized_iterator_resumes_the_same_orders(ranks):
    for found in ranks:
        assert found['sync_resumed'] == found['sync_next'] == ranks[0]['sync_next']
