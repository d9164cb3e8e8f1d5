"""ChainerMN v7's communicator methods, two models on one communicator and the
double-buffering optimizer under ``mpiexec -n 2`` and ``-n 3`` (one launch of
mpi_scripts/comm_api.py each)."""
import numpy
import pytest

from conftest import launch_ok

PARAMS = ['/a/W', '/a/b', '/b/W', '/b/b']


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('api{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'comm_api.py', out)


def test_gather_allgather_keep_shapes_and_dtypes(ranks):
    n = len(ranks)
    for rank, found in enumerate(ranks):
        if rank == n - 1:
            gathered = found['gather']
            assert isinstance(gathered, tuple) and len(gathered) == n
            for r, a in enumerate(gathered):
                assert a.dtype == numpy.float16 and a.shape == (r + 1, 2)
                assert (a == r).all()
        else:
            assert found['gather'] is None
        got = found['allgather']
        assert isinstance(got, tuple)
        for r, a in enumerate(got):
            assert a.dtype == numpy.int32
            numpy.testing.assert_array_equal(a, numpy.arange(r + 1))


def test_alltoall_gives_each_rank_its_part_of_every_rank(ranks):
    for rank, found in enumerate(ranks):
        got = found['alltoall']
        assert isinstance(got, tuple) and len(got) == len(ranks)
        for source, a in enumerate(got):
            numpy.testing.assert_array_equal(a, numpy.full(rank + 1, 10 * source + rank))


def test_scatter_of_a_tuple_and_of_an_array(ranks):
    for rank, found in enumerate(ranks):
        assert found['scatter_tuple'].dtype == numpy.float32
        numpy.testing.assert_array_equal(found['scatter_tuple'], numpy.arange(rank + 2))
        numpy.testing.assert_array_equal(found['scatter_array'],
                                         numpy.arange(3 * rank, 3 * rank + 3))


def test_allreduce_keeps_the_shape_and_leaves_its_input_alone(ranks):
    n = len(ranks)
    for rank, found in enumerate(ranks):
        total, vector_total, scalar, vector = found['allreduce_0d']
        assert total.shape == () and total == n * (n + 1) // 2
        numpy.testing.assert_array_equal(vector_total, n * numpy.arange(3) + n * (n - 1) // 2)
        assert scalar == rank + 1  # not summed in place
        numpy.testing.assert_array_equal(vector, numpy.arange(3) + rank)


def test_misuse_is_reported_on_every_rank(ranks):
    n = len(ranks)
    for found in ranks:
        assert found['allreduce_tuple'][0] == 'TypeError'
        assert found['gather_mixed'] == (
            'TypeError', 'gather: all arrays must have one dtype, got float32, float64')
        assert found['alltoall_short'] == (
            'ValueError', 'alltoall: takes one array per process: {} arrays for {} '
            'processes'.format(n - 1, n))
        assert found['scatter_short'][0] == 'ValueError'
        assert found['still_in_step'] == n  # the next collective still matches up


def test_objects(ranks):
    for found in ranks:
        assert found['bcast_obj_chunked'] == {'rank0': list(range(5000))}
    assert ranks[1]['recv_obj_any_tag'] == 'tagged'


def test_configuration(ranks):
    for found in ranks:
        assert found['config_default'] == (True, {'batched_copy': True})
        assert found['config_set'] is False and found['config_reset'] is True
        assert found['config_unknown'] == ('ValueError', 'Unknown config: no such knob')
        assert found['config_scope'] == ('on', False, False)


def test_multi_node_mean_grad_zero_fill(ranks):
    n = len(ranks)
    mean = (n + 1) / 2.  # of rank + 1
    for found in ranks:
        filled = found['zero_fill']
        for key in PARAMS:
            # rank 0 had no gradient for /b/W: it counts as zeros
            expected = (mean * n - 1) / n if key == '/b/W' else mean
            numpy.testing.assert_allclose(filled[key], expected, rtol=1e-6)
        left_out = found['no_zero_fill']
        assert left_out['/b/W'] is None
        for key in ('/a/W', '/a/b', '/b/b'):
            numpy.testing.assert_allclose(left_out[key], mean, rtol=1e-6)
        assert (found['broadcast_data'] == 0).all()
        numpy.testing.assert_allclose(found['after_finalize'], (n - 1) / 2.)


@pytest.mark.parametrize('name', ['naive', 'flat'])
def test_two_models_on_one_communicator_keep_their_own_gradients(ranks, name):
    n = len(ranks)
    mean = (n + 1) / 2.
    for found in ranks:
        first, second, shared = found['two_models', name]
        numpy.testing.assert_allclose(first, 1.0 * mean, rtol=1e-6)
        numpy.testing.assert_allclose(second, 5.0 * mean, rtol=1e-6)
        assert not shared


def test_double_buffering_is_refused_by_the_cpu_communicators(ranks):
    for found in ranks:
        for name, cls in (('naive', 'NaiveCommunicator'), ('flat', 'FlatCommunicator')):
            kind, message = found['db_refused', name]
            assert kind == 'ValueError' and cls in message
            assert 'does not support double buffering' in message


def test_double_buffering_updates_with_the_previous_steps_mean(ranks):
    n = len(ranks)
    m = (n - 1) / 2.  # mean of the rank term
    for found in ranks:
        steps = found['db_steps']
        # step 0 broadcasts rank 0's zeros and updates nothing
        t, data, _ = steps[0]
        assert t == 0 and all((d == 0).all() for d in data.values())
        # step 1 starts the all-reduce of its gradients (base 10); no update yet
        t, data, communicated = steps[1]
        assert t == 0 and all((d == 0).all() for d in data.values())
        for i, key in enumerate(PARAMS):
            numpy.testing.assert_allclose(communicated[key], 10 + m + i, rtol=1e-6)
        # steps 2 and 3 apply the mean of the step before (SGD, lr 1)
        for step, base in ((2, 20), (3, 30)):
            t, data, communicated = steps[step]
            assert t == step - 1
            for i, key in enumerate(PARAMS):
                applied = sum(b + m + i for b in range(10, base, 10))
                numpy.testing.assert_allclose(data[key], -applied, rtol=1e-6)
                numpy.testing.assert_allclose(communicated[key], base + m + i, rtol=1e-6)


def test_double_buffering_training_keeps_the_ranks_identical(ranks):
    t0, w0 = ranks[0]['db_trained', None]
    assert t0 == 2  # four updates: a broadcast, a first all-reduce, two updates
    for found in ranks[1:]:
        t, w = found['db_trained', None]
        assert t == t0
        numpy.testing.assert_array_equal(w, w0)
    for found in ranks:  # a loss scale changes nothing but the rounding
        t, w = found['db_trained', 512.0]
        assert t == t0
        numpy.testing.assert_allclose(w, w0, rtol=1e-5, atol=1e-6)


def test_the_optimizer_calls_a_subclass_s_own_mean_gradient_method(ranks):
    # OwnMean all-reduces the maximum: every rank applies the same gradient
    results = [found['own_mean', 'OwnMean'] for found in ranks]
    for before, after, grad in results:
        numpy.testing.assert_array_equal(before, results[0][0])
        numpy.testing.assert_array_equal(after, results[0][1])
        numpy.testing.assert_allclose(after, before - grad, rtol=1e-6)
    # OwnAllreduceGrad (a v1-style override) zeroes the gradients: nothing moves
    for found in ranks:
        before, after, grad = found['own_mean', 'OwnAllreduceGrad']
        assert (grad == 0).all()
        numpy.testing.assert_array_equal(after, before)


def test_debug_mode_refuses_non_finite_means(ranks):
    for found in ranks:
        kind, message = found['debug_nan']
        assert kind == 'ValueError' and 'diverged' in message and '/W' in message
        assert found['no_debug_nan'] is None


def test_dummy_communicator_moves_no_gradient(ranks):
    n = len(ranks)
    for rank, found in enumerate(ranks):
        name, batched_copy, grad, total = found['dummy']
        assert (name, batched_copy, total) == ('DummyCommunicator', False, n)
        assert (grad == rank + 1).all()
        assert found['init_ranks'] == [rank, rank, n, 0, 1]
        numpy.testing.assert_array_equal(found['chunked'], numpy.arange(1000))
        assert found['chunked_bad'][0] == 'AssertionError'


def test_the_loss_scale_of_the_actual_optimizer_is_applied(ranks):
    for found in ranks:
        plain_w, plain_grad = found['loss_scale', None]
        scaled_w, scaled_grad = found['loss_scale', 1024.0]
        numpy.testing.assert_allclose(scaled_w, plain_w, rtol=1e-5, atol=1e-6)
        # backward ran on the scaled loss: before the update divides it out, the
        # all-reduced gradient is 1024 times larger
        numpy.testing.assert_allclose(scaled_grad, 1024 * plain_grad, rtol=1e-4, atol=1e-4)
    numpy.testing.assert_array_equal(ranks[0]['loss_scale', 1024.0][0],
                                     ranks[-1]['loss_scale', 1024.0][0])
