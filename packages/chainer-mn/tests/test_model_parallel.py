"""chainermn.functions (differentiable send/recv and collectives) and
MultiNodeChainList, under ``mpiexec -n 2`` and ``-n 3`` (one launch of
mpi_scripts/model_parallel.py each), and the parts that need no MPI."""
import sys

import numpy
import pytest

import chainer
import chainer.functions as F
import chainermn
import chainermn.functions
from conftest import SCRIPTS, launch_ok

sys.path.insert(0, str(SCRIPTS))
import model_parallel  # noqa: E402

FUNCTIONS = ['bcast', 'gather', 'scatter', 'allgather', 'alltoall', 'send_recv',
             'send_recv_tuple']


@pytest.fixture(scope='module', params=[2, 3], ids=['n2', 'n3'])
def ranks(request, mpiexec, tmp_path_factory):
    out = tmp_path_factory.mktemp('mp{}'.format(request.param))
    return launch_ok(mpiexec, request.param, 'model_parallel.py', out)


@pytest.mark.parametrize('name', FUNCTIONS)
def test_gradients_match_a_numerical_gradient_across_processes(ranks, name):
    checked = 0
    for found in ranks:
        analytic, numeric = found['grad', name]
        for a, n in zip(analytic, numeric):
            numpy.testing.assert_allclose(a, n, rtol=1e-6, atol=1e-8)
            checked += a.size
            assert numpy.abs(a).max() > 1e-3  # every input gets a real gradient
    assert checked > 0


def test_input_counts_per_rank(ranks):
    n = len(ranks)
    counts = {name: [len(found['grad', name][0]) for found in ranks] for name in FUNCTIONS}
    assert counts['bcast'] == [0] * (n - 1) + [1]  # only the root (the last rank) sends
    assert counts['scatter'] == [n] + [0] * (n - 1)
    assert counts['alltoall'] == [n] * n
    assert counts['send_recv_tuple'] == [2, 2] + [0] * (n - 2)


@pytest.mark.parametrize('dtype', ['float16', 'float32'])
def test_collectives_keep_the_dtype(ranks, dtype):
    n = len(ranks)
    for found in ranks:
        ys, gx = found['allgather', dtype]
        assert [y.dtype for y in ys] == [numpy.dtype(dtype)] * n
        for r, y in enumerate(ys):
            numpy.testing.assert_array_equal(y, numpy.full((2, 2), r + 1))
        # every rank's sum reads each x once: the gradient of x is n
        assert gx.dtype == numpy.dtype(dtype)
        numpy.testing.assert_array_equal(gx, numpy.full((2, 2), n))
        assert found['bcast', dtype].dtype == numpy.dtype(dtype)
        numpy.testing.assert_array_equal(found['bcast', dtype], numpy.ones((2, 2)))


def _reference(n, skip):
    """The pipeline in one process: its output and each rank's share of the
    gradients, named as that rank's MultiNodeChainList names them."""
    Part = model_parallel.Part
    first, last = Part(3, 4, 0), Part(4, 2, 99, n_args=2 if skip else 1)
    middle = [Part(4, 4, r) for r in range(1, n)]
    for part in [first, last] + middle:
        part.cleargrads()
    a = first(model_parallel.batch())
    h = a
    for part in middle:
        h = part(h)
    y = last(a, h) if skip else last(h)
    F.sum(y * y).backward()

    def named(index, part):
        return {'/{}{}'.format(index, k): p.grad for k, p in part.namedparams()}

    shares = [dict(named(0, first), **named(1, last))]
    shares += [named(0, part) for part in middle]
    return y.data, shares


@pytest.mark.parametrize('skip', [False, True], ids=['chain', 'self_send'])
def test_multi_node_chain_list_matches_one_process(ranks, skip):
    y, shares = _reference(len(ranks), skip)
    numpy.testing.assert_allclose(ranks[0]['pipeline', skip, 'y'], y, rtol=1e-6)
    for found, expected in zip(ranks, shares):
        grads = found['pipeline', skip]
        assert sorted(grads) == sorted(expected)
        for key, grad in expected.items():
            assert numpy.isfinite(grad).all() and numpy.abs(grad).max() > 0
            numpy.testing.assert_allclose(grads[key], grad, rtol=1e-5, atol=1e-6)


# --- without MPI ----------------------------------------------------------------------

class _FakeComm(object):
    rank = 0
    size = 2


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_pseudo_connect_passes_values_and_gradients_and_reaches_the_delegate(dtype):
    v = chainer.Variable(numpy.ones(3, numpy.float32))
    delegate = v * 2
    x = chainer.Variable(numpy.arange(6).reshape(2, 3).astype(dtype))
    y, = chainermn.functions.pseudo_connect(delegate, x)
    numpy.testing.assert_array_equal(y.data, x.data)
    y.grad = numpy.full((2, 3), 3, dtype)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 3))
    assert x.grad.dtype == dtype
    numpy.testing.assert_array_equal(v.grad, numpy.zeros(3))  # reached, gradient 0


def test_pseudo_connect_without_delegate_returns_the_variables():
    a = chainer.Variable(numpy.ones(2))
    b = chainer.Variable(numpy.zeros(2))
    ya, yb = chainermn.functions.pseudo_connect(None, a, b)
    F.sum(ya * 2 + yb).backward()
    numpy.testing.assert_array_equal(a.grad, [2, 2])
    numpy.testing.assert_array_equal(b.grad, [1, 1])


def test_send_and_recv_refuse_their_own_rank():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(ValueError, match='own rank'):
        chainermn.functions.send(x, _FakeComm(), 0)
    with pytest.raises(ValueError, match='own rank'):
        chainermn.functions.recv(_FakeComm(), 0)


def test_alltoall_and_scatter_need_one_variable_per_process():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(ValueError, match='one variable per process'):
        chainermn.functions.alltoall(_FakeComm(), [x])
    with pytest.raises(ValueError, match='one variable per process'):
        chainermn.functions.scatter(_FakeComm(), [x, x, x])


def test_multi_node_chain_list_takes_one_output_part_and_keeps_the_links():
    model = chainermn.MultiNodeChainList(_FakeComm())
    first = model_parallel.Part(3, 4, 0)
    model.add_link(first, rank_in=None, rank_out=1)
    model.add_link(model_parallel.Part(4, 2, 1), rank_in=[1], rank_out=None)
    assert model._rank_inouts == [(None, [1]), ([1], None)]
    assert model[0] is first and len(model) == 2
    assert sorted(k for k, _ in model.namedparams())[:2] == ['/0/l0/W', '/0/l0/b']
    with pytest.raises(ValueError, match='only one part'):
        model.add_link(model_parallel.Part(2, 2, 2), rank_in=1, rank_out=None)
    assert len(model) == 2


def test_multi_node_chain_list_on_one_process_runs_its_parts():
    model = chainermn.MultiNodeChainList(_FakeComm())
    model.add_link(model_parallel.Part(3, 4, 0), rank_in=None, rank_out=0)
    model.add_link(model_parallel.Part(4, 2, 1), rank_in=0, rank_out=None)
    model.cleargrads()
    x = model_parallel.batch()
    y = model(x)
    F.sum(y).backward()
    grad = model[0].l0.W.grad.copy()
    model.cleargrads()
    expected = model[1](model[0](x))
    F.sum(expected).backward()
    numpy.testing.assert_allclose(y.data, expected.data, rtol=1e-6)
    assert numpy.isfinite(grad).all() and numpy.abs(grad).max() > 0
    numpy.testing.assert_allclose(grad, model[0].l0.W.grad, rtol=1e-6)


def test_multi_node_chain_list_refuses_unreceived_self_sends():
    model = chainermn.MultiNodeChainList(_FakeComm())
    model.add_link(model_parallel.Part(3, 4, 0), rank_in=None, rank_out=0)
    with pytest.raises(ValueError, match='never received'):
        model(model_parallel.batch())
