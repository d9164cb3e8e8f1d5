"""What works in one process: argument checks, errors without GPUs or MPI, placement,
shares, the except hook, and ``python -m chainer``."""
import subprocess
import sys

import numpy
import pytest

import chainer.links as L
import chainermn
from chainer import cuda, optimizers
from chainermn import _mpi, global_except_hook
from chainermn.communicators import _node_ranks, _packing, nccl_allreduce
from chainermn.datasets.scatter_dataset import shares


def test_unknown_communicator_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown communicator_name 'fast'.*dummy, flat, "
                                         "hierarchical, naive, non_cuda_aware, "
                                         "pure_nccl, single_node, two_dimensional"):
        chainermn.create_communicator('fast')


def test_allreduce_grad_dtype_is_for_pure_nccl_only():
    with pytest.raises(ValueError, match='only supported by the pure_nccl'):
        chainermn.create_communicator('naive', allreduce_grad_dtype=numpy.float16)


@pytest.mark.skipif(cuda.available, reason='a GPU is present: test_gpu.py runs these')
@pytest.mark.parametrize('name', ['pure_nccl', 'single_node', 'hierarchical',
                                  'two_dimensional', 'non_cuda_aware'])
def test_gpu_communicators_without_a_gpu_say_what_is_missing(name):
    with pytest.raises(RuntimeError, match='the {} communicator needs GPUs with NCCL: .*'
                                           'naive and flat'.format(name)):
        chainermn.create_communicator(name, mpi_comm=object())


@pytest.mark.skipif(cuda.available, reason='a GPU is present')
def test_pure_nccl_rejects_a_non_float_allreduce_dtype():
    with pytest.raises(ValueError, match='allreduce_grad_dtype must be float16'):
        nccl_allreduce.PureNcclCommunicator(object(), allreduce_grad_dtype=numpy.int32)


def test_a_non_mpi_comm_is_refused(mpiexec):
    with pytest.raises(TypeError, match='mpi_comm must be an mpi4py communicator'):
        chainermn.create_communicator('naive', mpi_comm=[1, 2])


def test_one_process_communicator(mpiexec):
    comm = chainermn.create_communicator('flat')
    assert (comm.rank, comm.size, comm.intra_rank, comm.intra_size, comm.inter_rank,
            comm.inter_size) == (0, 1, 0, 1, 0, 1)
    assert comm.mpi_comm is _mpi.mpi().COMM_WORLD
    model = L.Linear(2, 3)
    model.W.grad = numpy.arange(6, dtype=numpy.float32).reshape(3, 2)
    model.b.grad = numpy.ones(3, numpy.float32)
    comm.allreduce_grad(model)  # the mean over one process
    numpy.testing.assert_array_equal(model.W.grad, numpy.arange(6).reshape(3, 2))
    assert isinstance(comm, chainermn.CommunicatorBase)


def test_node_ranks_number_machines_by_their_first_rank():
    placed = _node_ranks.assign(['b', 'a', 'b', 'c', 'a'])
    assert [tuple(p) for p in placed] == [
        (0, 0, 2, 0, 3), (1, 0, 2, 1, 3), (2, 1, 2, 0, 3), (3, 0, 1, 2, 3), (4, 1, 2, 1, 3)]


def test_shares_are_equal_and_cover_everything():
    for n, k in ((10, 3), (11, 3), (4, 4), (3, 5), (100, 7)):
        got = shares(n, k)
        assert len({e - b for b, e in got}) == 1
        assert set().union(*(range(b, e) for b, e in got)) == set(range(n))
        assert max(e for _, e in got) <= max(n, -(-n // k))


def test_packing_round_trips_and_casts():
    arrays = [numpy.arange(6, dtype=numpy.float16).reshape(2, 3), numpy.ones(2, numpy.float32)]
    flat = _packing.pack(arrays, _packing.FlatBuffer().get(numpy, 8, numpy.float32))
    numpy.testing.assert_array_equal(flat, [0, 1, 2, 3, 4, 5, 1, 1])
    flat *= 2
    _packing.unpack(flat, arrays)
    assert arrays[0].dtype == numpy.float16
    numpy.testing.assert_array_equal(arrays[0], numpy.arange(0, 12, 2).reshape(2, 3))


def test_flat_buffer_is_reused_until_it_must_grow():
    buffer = _packing.FlatBuffer()
    a = buffer.get(numpy, 4, numpy.float64)
    b = buffer.get(numpy, 8, numpy.float32)
    assert numpy.shares_memory(a, b) and b.dtype == numpy.float32 and b.size == 8
    assert not numpy.shares_memory(a, buffer.get(numpy, 5, numpy.float64))


def test_bound_gradients_are_views_until_replaced():
    model = L.Linear(2, 3)
    model.W.grad = numpy.ones((3, 2), numpy.float32)
    model.b.grad = numpy.full(3, 2, numpy.float32)
    params = [model.W, model.b]
    bound = _packing.BoundGradients()
    assert bound.flat_of(params) is None
    flat = bound.bind(params, numpy, numpy.float32)
    numpy.testing.assert_array_equal(flat, [1, 1, 1, 1, 1, 1, 2, 2, 2])
    assert bound.flat_of(params) is flat
    model.W.grad += 1  # in place: still the view
    flat *= 10
    assert bound.flat_of(params) is flat and (model.W.grad == 20).all()
    model.cleargrads()
    model.W.grad = numpy.zeros((3, 2), numpy.float32)
    assert bound.flat_of(params) is None


def test_optimizer_and_evaluator_and_checkpointer_check_their_arguments():
    with pytest.raises(TypeError, match='actual_optimizer must be a Chainer optimizer'):
        chainermn.create_multi_node_optimizer(object(), None)
    with pytest.raises(TypeError, match='communicator must be a ChainerMN communicator'):
        chainermn.create_multi_node_optimizer(optimizers.SGD(), object())
    with pytest.raises(TypeError, match='actual_evaluator must have an evaluate'):
        chainermn.create_multi_node_evaluator(object(), None)
    with pytest.raises(ValueError, match='name must be a non-empty string'):
        chainermn.create_multi_node_checkpointer('a/b', None)
    with pytest.raises(ValueError, match='cp_interval must be a positive int'):
        chainermn.create_multi_node_checkpointer('a', None, cp_interval=0)


def test_multi_node_optimizer_forwards_attributes():
    actual = optimizers.SGD(lr=0.5)
    wrapped = chainermn.create_multi_node_optimizer(actual, _FakeComm())
    wrapped.setup(L.Linear(1, 1))
    wrapped.lr = 0.25
    assert actual.lr == 0.25 and wrapped.target is actual.target and wrapped.t == 0


class _FakeComm(object):
    def allreduce_grad(self, model):
        pass


def test_except_hook_is_installed_by_import_and_removable():
    assert global_except_hook.is_installed()
    global_except_hook.remove_hook()
    try:
        assert not global_except_hook.is_installed()
        assert sys.excepthook is not global_except_hook._abort_job_hook
    finally:
        global_except_hook.add_hook()
    global_except_hook.add_hook()  # idempotent: the original hook is kept
    assert global_except_hook._original_hook is not global_except_hook._abort_job_hook


def test_except_hook_outside_an_mpi_job_only_reports(monkeypatch):
    seen = []
    monkeypatch.setattr(global_except_hook, '_original_hook',
                        lambda *exc: seen.append(exc[0]))
    monkeypatch.setattr(_mpi, 'initialized', lambda: False)
    global_except_hook._abort_job_hook(KeyError, KeyError('x'), None)
    assert seen == [KeyError]


def test_hook_is_off_with_the_environment_variable():
    code = 'import sys, chainermn; print(chainermn.global_except_hook.is_installed())'
    env = {'CHAINERMN_FORCE_ABORT_ON_EXCEPTION': '0', 'PATH': ''}
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True,
                         env=env)
    assert out.stdout.strip() == 'False', out.stderr


def test_status_reports_why_mpi_is_unusable(monkeypatch):
    class Failed(object):
        returncode, stdout = 1, ''
        stderr = 'Traceback...\nRuntimeError: cannot load MPI library\n'
    monkeypatch.setattr(subprocess, 'run', lambda *a, **k: Failed())
    assert _mpi.status() == ('not usable (RuntimeError: cannot load MPI library): install '
                             'an MPI library and mpi4py (without a system MPI: pip install '
                             '"chainer-mn[mpich]", which brings mpiexec)')


def test_mpi_error_names_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, 'mpi4py.MPI', None)  # import fails
    monkeypatch.delattr('mpi4py.MPI', raising=False)
    with pytest.raises(_mpi.MPIUnavailableError, match='chainer-mn\\[mpich\\]'):
        _mpi.mpi()


def test_python_m_chainer_lists_chainer_mn_and_mpi(mpiexec):
    out = subprocess.run([sys.executable, '-m', 'chainer'], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert '\n  chainer-mn' in out.stdout
    assert 'chainer-mn: usable (' in out.stdout  # the Plugins section
