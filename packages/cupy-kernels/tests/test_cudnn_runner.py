"""How graphs are planned, cached, tuned and run (cudnn_runner), and which code each
``cudnn_*`` kernel runs for each cuDNN API (kernels/cudnn), with stand-ins for the
frontend and CuPy: chainer.config's ``cudnn_deterministic`` and ``autotune`` as v7 defines
them, the fallback where cuDNN has no plan."""
import types

import numpy
import pytest

import chainer
from cupy_kernels import cudnn_runner as runner
from cupy_kernels import cudnn_support
from cupy_kernels.cudnn_graphs import GraphSpec
from cupy_kernels.kernels import cudnn as cudnn_kernels


class _Graph(object):
    """A planned-graph stand-in: records the planning calls; plan ``i`` takes
    ``times[i]`` ms; ``execute`` records the selected plan and the variant pack."""

    def __init__(self, times=(1.0,), refuse=None):
        self.calls, self.times, self.refuse = [], list(times), refuse
        self.selected, self.executed = 0, []

    def __getattr__(self, name):
        if name in ('validate', 'build_operation_graph', 'create_execution_plans',
                    'deselect_numeric_notes', 'check_support', 'build_plans'):
            def call(*args):
                if name == self.refuse:
                    raise RuntimeError('CUDNN_STATUS_NOT_SUPPORTED')
                self.calls.append((name,) + args)
            return call
        raise AttributeError(name)

    def get_execution_plan_count(self):
        return len(self.times)

    def select_plan(self, index):
        self.selected = index

    def get_workspace_size(self):
        return 16

    def execute(self, pack, workspace, handle=None):
        self.executed.append((self.selected, pack, handle))
        _Cupy.clock += self.times[self.selected]


def _frontend():
    return types.SimpleNamespace(
        heur_mode=types.SimpleNamespace(A='A', FALLBACK='FALLBACK'),
        numerical_note=types.SimpleNamespace(NONDETERMINISTIC='NONDETERMINISTIC'),
        build_plan_policy=types.SimpleNamespace(ALL='ALL', HEURISTICS_CHOICE='HEURISTICS'),
        create_handle=lambda: types.SimpleNamespace(stream=None),
        set_stream=lambda handle, stream: setattr(handle, 'stream', stream))


class _Cupy(object):
    """Enough of CuPy for the runner: device 0, stream 7, arrays, timed events."""
    clock = 0.0

    class _Event(object):
        def record(self):
            self.at = _Cupy.clock

        def synchronize(self):
            pass

    cuda = types.SimpleNamespace(
        Device=lambda: types.SimpleNamespace(id=0),
        get_current_stream=lambda: types.SimpleNamespace(ptr=7),
        Event=_Event, get_elapsed_time=lambda start, stop: stop.at - start.at)

    @staticmethod
    def empty(shape, dtype):
        return types.SimpleNamespace(data=types.SimpleNamespace(ptr=1000 + shape[0]))


@pytest.fixture
def frontend(monkeypatch):
    fe = _frontend()
    monkeypatch.setattr(cudnn_support, 'frontend', lambda: fe)
    monkeypatch.setattr(runner, '_plans', {})
    monkeypatch.setattr(runner, '_handles', {})
    return fe


def _array(ptr):
    return types.SimpleNamespace(data=types.SimpleNamespace(ptr=ptr))


def _run(graph, key=('op',), bindings=None):
    spec = GraphSpec(graph, {'x': 'tensor-x', 'eps': 'tensor-eps'})
    built = []

    def build(cudnn):
        built.append(cudnn)
        return spec
    bindings = bindings or {'x': _array(42), 'eps': numpy.full((1, 1, 1, 1), 2.5, 'f')}
    runner.run(_Cupy, key, build, bindings)
    if graph.executed:
        eps = bindings['eps']
        assert graph.executed[-1][1]['tensor-eps'] == eps.ctypes.data
    return built


def test_a_graph_is_planned_once_and_run_with_device_pointers(frontend):
    graph = _Graph()
    assert len(_run(graph)) == 1 and len(_run(graph)) == 0  # cached by key
    assert [c[0] for c in graph.calls] == ['validate', 'build_operation_graph',
                                           'create_execution_plans', 'check_support',
                                           'build_plans']
    assert graph.calls[2][1] == ['A', 'FALLBACK'] and graph.calls[4][1] == 'HEURISTICS'
    _, pack, handle = graph.executed[-1]
    assert pack['tensor-x'] == 42
    # a host scalar goes as its host address (frontend 1.32 cannot read numpy via DLPack)
    assert isinstance(pack['tensor-eps'], int) and pack['tensor-eps'] > 0
    assert handle.stream == 7  # follows CuPy's current stream


def test_deterministic_keeps_only_deterministic_plans(frontend):
    graph = _Graph()
    with chainer.using_config('cudnn_deterministic', True):
        _run(graph)
    assert ('deselect_numeric_notes', ['NONDETERMINISTIC']) in graph.calls
    other = _Graph()
    _run(other)  # a separate plan: the switch is part of the key
    assert not any(c[0] == 'deselect_numeric_notes' for c in other.calls)


def test_autotune_times_every_plan_once_and_keeps_the_fastest(frontend):
    graph = _Graph(times=(5.0, 2.0, 9.0))
    with chainer.using_config('autotune', True):
        _run(graph)
        assert ('build_plans', 'ALL') in graph.calls
        assert graph.selected == 1
        runs = len(graph.executed)
        _run(graph)  # tuned once: the next call just runs
        assert len(graph.executed) == runs + 1 and graph.executed[-1][0] == 1


def test_an_unsupported_graph_is_remembered_and_reported(frontend):
    graph = _Graph(refuse='check_support')
    with pytest.raises(runner.Unsupported, match='CUDNN_STATUS_NOT_SUPPORTED'):
        _run(graph)
    with pytest.raises(runner.Unsupported):
        assert _run(graph) == []  # not built again
    assert not graph.executed
    (key, reason), = runner.unsupported().items()
    assert key[0] == 'op' and 'CUDNN_STATUS_NOT_SUPPORTED' in reason
    runner.clear()
    assert runner.unsupported() == {}


def test_switches_follow_chainer_config():
    assert runner.switches() == (False, False)
    with chainer.using_config('cudnn_deterministic', True), \
            chainer.using_config('autotune', True):
        assert runner.switches() == (True, True)


# ---- which code each cudnn_* kernel runs -----------------------------------------------

@pytest.fixture
def frontend_only(monkeypatch):
    """cuDNN through the frontend alone (CuPy 14); the library kernels recorded."""
    monkeypatch.setattr(cudnn_support, '_state', dict(
        api='frontend', frontend=object(), module=None, lib=None, version=92801,
        reason=''))
    requested = []

    def library(name):
        def kernel(*args, **kwargs):
            requested.append((name, args, kwargs))
            return (name, 'indexes') if name == 'max_pooling_fwd' else name
        return kernel
    monkeypatch.setattr(cudnn_kernels, '_library', library)
    return requested


def _kernel(name):
    return cudnn_kernels.KERNELS[[k.name for k in cudnn_kernels.KERNELS].index(name)].build(
        numpy)


def test_frontend_only_runs_the_library_for_what_it_has_no_operation_for(frontend_only):
    x = numpy.zeros((2, 3, 4, 4), numpy.float32)
    assert _kernel('cudnn_activation_forward')(x, 'relu') == 'relu_fwd'
    assert _kernel('cudnn_activation_backward')(x, 'y', 'gy', 'tanh') == 'tanh_bwd'
    assert frontend_only[-1][1] == ('y', 'gy')
    _kernel('cudnn_activation_backward')(x, 'y', 'gy', 'clipped_relu', 6.0)
    assert frontend_only[-1][:2] == ('clipped_relu_bwd', (x, 'gy', 6.0))
    assert _kernel('cudnn_softmax_forward')(x, 1, log=True) == 'log_softmax_fwd'
    assert _kernel('cudnn_softmax_backward')('y', 'gy', 2) == 'softmax_bwd'
    assert _kernel('cudnn_pooling_forward')(x, 2) == 'max_pooling_fwd'
    assert frontend_only[-1][1][1:] == ((2, 2), (2, 2), (0, 0))
    assert frontend_only[-1][2] == {'cover_all': False}
    assert _kernel('cudnn_pooling_backward')(x, 'y', 'gy', 3, 1, 1) == 'max_pooling_bwd'
    assert frontend_only[-1][1][:2] == ('gy', 'indexes')  # the maxima found again
    assert _kernel('cudnn_pooling_forward')(x, 2, mode='average') == 'average_pooling_fwd'
    with pytest.raises(ValueError, match='mode must be one of'):
        _kernel('cudnn_activation_forward')(x, 'swish')


def test_convolution_and_batch_normalization_go_to_the_frontend(frontend_only, monkeypatch):
    seen = []
    monkeypatch.setattr(cudnn_kernels.frontend, 'conv_forward',
                        lambda *a: seen.append(('conv_forward',) + a[1:]) or 'y')
    monkeypatch.setattr(cudnn_kernels.frontend, 'bn_backward',
                        lambda *a: seen.append(('bn_backward',)) or 'g')
    x, W = numpy.zeros((2, 4, 5, 5)), numpy.zeros((6, 2, 3, 3))
    assert _kernel('cudnn_convolution_forward')(x, W, None, 2, 1, 1, groups=2) == 'y'
    assert seen[-1][4:] == ((2, 2), (1, 1), (1, 1), 2)
    assert _kernel('cudnn_batch_normalization_backward')(x, 'g', 'gy', 'm', 'i') == 'g'
    with pytest.raises(ValueError, match='not a convolution of 3 groups'):
        _kernel('cudnn_convolution_forward')(x, W, None, groups=3)


def test_without_cudnn_the_kernels_say_why(monkeypatch):
    monkeypatch.setattr(cudnn_support, '_state', dict(
        api=None, frontend=None, module=None, lib=None, version=0,
        reason='nvidia-cudnn-frontend is not installed'))
    with pytest.raises(RuntimeError, match='cuDNN is not available: nvidia-cudnn-fr'):
        _kernel('cudnn_convolution_forward')(numpy.zeros((1, 1, 3, 3)),
                                             numpy.zeros((1, 1, 2, 2)))
    with pytest.raises(RuntimeError, match='cuDNN is not available'):
        _kernel('cudnn_softmax_forward')(numpy.zeros((2, 3)))


def _frontend_with_notes():
    fe = _frontend()
    fe.numerical_note = types.SimpleNamespace(
        NONDETERMINISTIC='NONDETERMINISTIC', TENSOR_CORE='TENSOR_CORE',
        DOWN_CONVERT_INPUTS='DOWN_CONVERT_INPUTS')
    return fe


@pytest.mark.parametrize('dtype,allow,excluded', [
    (numpy.float32, False, ['TENSOR_CORE', 'DOWN_CONVERT_INPUTS']),
    (numpy.float32, True, None),
    (numpy.float16, False, None),  # float16 keeps its tensor cores
    (numpy.float64, False, None)])
def test_float32_graphs_keep_full_precision_unless_tf32_is_allowed(dtype, allow, excluded):
    graph = _Graph()
    runner.plan_graph(_frontend_with_notes(), GraphSpec(graph, {}, numpy.dtype(dtype)),
                      allow_tf32=allow)
    notes = [c[1] for c in graph.calls if c[0] == 'deselect_numeric_notes']
    assert notes == ([excluded] if excluded else [])
    graph = _Graph()
    runner.plan_graph(_frontend_with_notes(), GraphSpec(graph, {}, numpy.dtype(dtype)),
                      deterministic=True, allow_tf32=allow)
    notes = [c[1] for c in graph.calls if c[0] == 'deselect_numeric_notes']
    assert notes == [['NONDETERMINISTIC'] + (excluded or [])]


def test_tf32_follows_cupys_switch_and_is_part_of_the_plan_key(frontend, monkeypatch):
    monkeypatch.delenv('CUPY_TF32', raising=False)
    assert runner.tf32_allowed() is False
    graph = _Graph()
    _run(graph)
    monkeypatch.setenv('CUPY_TF32', '1')
    assert runner.tf32_allowed() is True
    assert len(_run(graph)) == 1  # planned again under the other switch
    monkeypatch.setenv('CUPY_TF32', '0')
    assert runner.tf32_allowed() is False and len(_run(graph)) == 0
