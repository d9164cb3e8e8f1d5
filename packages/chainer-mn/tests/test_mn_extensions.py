"""ChainerMN v7's AllreducePersistent, ObservationAggregator,
MultiNodeEarlyStoppingTrigger, GenericMultiNodeEvaluator and multi_node_snapshot under
``mpiexec -n 2`` and ``-n 3`` (one launch of mpi_scripts/mn_extensions.py each)."""
import numpy
import pytest

from conftest import launch_ok


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('ext{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'mn_extensions.py', out)


def test_allreduce_persistent_averages_the_float_persistents(ranks):
    n = len(ranks)
    for rank, found in enumerate(ranks):
        mean, var, half, count, trigger, priority = found['persistent']
        numpy.testing.assert_allclose(mean, (n - 1) / 2.)
        numpy.testing.assert_allclose(var, n)  # mean of 2r + 1
        assert half.dtype == numpy.float16
        numpy.testing.assert_allclose(half, (n - 1) / 2.)
        assert count == 10 + rank  # an integer persistent is left alone
        assert trigger == (1, 'epoch') and priority == 301


def test_observation_aggregator_summarizes_every_rank_s_values(ranks):
    n = len(ranks)
    for found in ranks:
        seen = found['aggregator']
        # every two iterations: the mean of every rank's 10 r + i over both iterations
        # (a Variable, as the observed values were)
        assert [loss for loss, _ in seen] == [
            None, ('Variable', 10 * (n - 1) / 2. + 0.5), None,
            ('Variable', 10 * (n - 1) / 2. + 2.5)]
        # a custom aggregator on the lists, every iteration
        for i, (_, acc) in enumerate(seen):
            assert acc == [float(r + i) for r in range(n)]


def test_early_stopping_follows_the_mean_over_the_ranks(ranks):
    for found in ranks:
        fired, length = found['early_stopping']
        # checks at the epoch ends (every 2nd iteration): means 0.5, 0.6, 0.4, 0.3,
        # 0.2; patience 2 stops at the 4th check, and again at the 5th
        assert fired == [False] * 7 + [True, False, True]
        assert length == (100, 'epoch')


def test_generic_evaluator_gathers_the_batch_results_on_the_root(ranks):
    n = len(ranks)
    root = n - 1
    # rank r's batches (of 2) of x + 1 for x in 100 r + 0 .. r + 2
    batches = [[[100. * r + x + 1 for x in range(b, min(b + 2, r + 3))]
                for b in range(0, r + 3, 2)] for r in range(n)]
    ordered = [batches[r][i] for i in range(max(len(b) for b in batches))
               for r in range(n) if i < len(batches[r])]
    for rank, found in enumerate(ranks):
        result, second_is_there, hooked = found['generic']
        if rank == root:
            assert result == ordered and second_is_there  # evaluates again after reset
            assert hooked == 2 * len(batches[root])  # root's own batches, twice
        else:
            assert result is None and not second_is_there and hooked == 0
        custom = found['generic_custom']
        assert custom == (('total', sum(r + 3 for r in range(n))) if rank == 0 else None)
        assert found['generic_single'] == ('total', rank + 3)
        assert 'root must be a rank' in found['generic_bad_root']


def test_replica_sets(ranks):
    found = ranks[0]
    assert found['replica_sets'] == [
        [{0}, {1, 2, 3}], [{0}, {1}, {2, 3}], [{0, 1}, {2, 3}], [{0, 1, 2, 3}],
        [{0, 2}, {1, 3}]]
    assert 'outside 0 .. 3' in found['replica_sets_bad', '[5]']
    assert 'rank 1 is in two replica sets' in found['replica_sets_bad', '[[0, 1], [1]]']


def test_multi_node_snapshot_written_by_masters_and_loaded_into_replicas(ranks):
    # replica sets {0} and {1, ..., n - 1}: masters 0 and 1
    for rank, found in enumerate(ranks):
        is_master, filename, _ = found['snapshot_run']
        assert is_master == (rank <= 1)
        assert filename == 'snap_iter_{{.updater.iteration}}.{}'.format(rank)
        assert found['snapshot_files'] == [
            'snap_iter_2.0', 'snap_iter_2.1', 'snap_iter_4.0', 'snap_iter_4.1']
        iteration, resumed = found['snapshot_resumed']
        assert iteration == 4
        master = min(rank, 1)  # every replica holds its master's trained weights
        numpy.testing.assert_array_equal(resumed, ranks[master]['snapshot_run'][2])
