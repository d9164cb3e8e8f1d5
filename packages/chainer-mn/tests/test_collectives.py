"""Communicators and training pieces under ``mpiexec -n 2`` and ``-n 3`` (one launch of
mpi_scripts/collectives.py each; the checks below read what every rank saw)."""
import sys

import numpy
import pytest

import chainer
from chainer import optimizers
from chainer.training import extensions
from conftest import SCRIPTS, launch_ok

sys.path.insert(0, str(SCRIPTS))
import common  # noqa: E402


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('n{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'collectives.py', out)


def test_placement_on_one_machine(ranks):
    n = len(ranks)
    assert [r['placement'] for r in ranks] == [(i, n, i, n, 0, 1) for i in range(n)]


@pytest.mark.parametrize('name', ['naive', 'flat'])
def test_allreduce_grad_is_the_mean_of_the_ranks_gradients(ranks, name):
    n = len(ranks)
    for found in ranks:
        grads = found[name, 'allreduce_grad']
        assert sorted(grads) == ['/a/W', '/a/b', '/b/W', '/b/b']
        for key, grad in grads.items():
            by_hand = numpy.mean([common.rank_grad(r, grad.shape, numpy.float64)
                                  for r in range(n)], axis=0)
            assert grad.dtype == (numpy.float16 if key == '/b/W' else numpy.float32)
            tol = 1e-3 if grad.dtype == numpy.float16 else 1e-6
            numpy.testing.assert_allclose(grad, by_hand, rtol=tol, atol=tol)


@pytest.mark.parametrize('name', ['naive', 'flat'])
def test_bcast_data_gives_every_rank_the_parameters_of_rank_0(ranks, name):
    for found in ranks:
        for data in found[name, 'bcast_data'].values():
            assert (data == 0).all()


def test_arrays_and_objects_move_between_ranks(ranks):
    n = len(ranks)
    for rank, found in enumerate(ranks):
        if rank:
            ints, halves = found['recv_tuple']
            numpy.testing.assert_array_equal(ints, numpy.arange(rank + 2))
            assert halves.dtype == numpy.float16 and (halves == rank).all()
            numpy.testing.assert_array_equal(found['recv_array'], [rank] * 3)
            assert found['recv_obj'] == {'to': rank}
        numpy.testing.assert_array_equal(found['bcast'], numpy.arange(6.).reshape(2, 3))
        assert found['allreduce'].dtype == numpy.float32
        numpy.testing.assert_array_equal(found['allreduce'], [n * (n + 1) / 2] * 3)
        assert found['allreduce_f16'].dtype == numpy.float16
        numpy.testing.assert_array_equal(found['allreduce_f16'], [n * n / 2] * 2)
        assert found['bcast_obj'] == {'rank': n - 1}
        assert found['gather_obj'] == ([10 * r for r in range(n)] if rank == 0 else None)
        assert found['allreduce_obj'] == n * (n + 1) // 2


def test_split_groups_ranks_by_color(ranks):
    n = len(ranks)
    for rank, found in enumerate(ranks):
        same_color = [r for r in range(n) if r % 2 == rank % 2]
        assert found['split'] == ('FlatCommunicator', len(same_color),
                                  same_color.index(rank), sum(same_color))


def test_scatter_dataset_gives_equal_shares_covering_the_dataset(ranks):
    n = len(ranks)
    for seed in (None, 7):
        shares = [found['scatter', seed] for found in ranks]
        assert len({len(s) for s in shares}) == 1 and len(shares[0]) == -(-11 // n)
        assert sorted(set().union(*shares)) == list(range(11))
    assert [found['scatter', None] for found in ranks] == [
        list(range(11))[b:e] for b, e in _shares(11, n)]


def test_scatter_dataset_with_a_seed_is_deterministic(ranks):
    order = numpy.random.RandomState(7).permutation(11)
    assert [found['scatter', 7] for found in ranks] == [
        list(order[b:e]) for b, e in _shares(11, len(ranks))]


def test_scatter_dataset_of_an_array_from_another_root(ranks):
    data = numpy.arange(20).reshape(10, 2)
    for found, (b, e) in zip(ranks, _shares(10, len(ranks))):
        numpy.testing.assert_array_equal(found['scatter_array'], data[b:e])


def _shares(n_examples, n_ranks):
    share = -(-n_examples // n_ranks)
    return [(n_examples * i // n_ranks, n_examples * i // n_ranks + share)
            for i in range(n_ranks)]


def _one_process_training(n):
    """The same training on one process: the whole batch, rank 0's initial model."""
    model = common.classifier(seed=0)
    optimizer = optimizers.MomentumSGD(lr=0.1)
    optimizer.setup(model)
    x, t = common.batch(n)
    for _ in range(common.STEPS):
        optimizer.update(model, x, t)
    return model, x, t


def test_training_leaves_identical_parameters_equal_to_one_process(ranks):
    model, _, _ = _one_process_training(len(ranks))
    for found in ranks:
        assert found['optimizer_t'] == common.STEPS
        for name, param in sorted(model.namedparams()):
            numpy.testing.assert_array_equal(found['trained'][name], ranks[0]['trained'][name])
            numpy.testing.assert_allclose(found['trained'][name], param.data, rtol=1e-5,
                                          atol=1e-6)


def test_gradients_stay_packed_between_steps(ranks):
    # flat binds the gradients to views of its buffer: later steps copy nothing
    assert all(found['grads_share_one_buffer'] for found in ranks)


def test_evaluator_reports_the_mean_over_ranks(ranks):
    model, x, t = _one_process_training(len(ranks))
    per_rank = []
    for r in range(len(ranks)):
        mine = slice(r * common.PER_RANK, (r + 1) * common.PER_RANK)
        it = chainer.iterators.SerialIterator(chainer.datasets.TupleDataset(x[mine], t[mine]),
                                              4, repeat=False, shuffle=False)
        per_rank.append(extensions.Evaluator(it, model)())
    for found in ranks:
        for key in ('main/loss', 'main/accuracy'):
            expected = numpy.mean([float(p[key]) for p in per_rank])
            assert found['evaluated'][key] == pytest.approx(expected, rel=1e-5)


def test_import_installs_the_global_except_hook(ranks):
    assert all(found['except_hook'] for found in ranks)
