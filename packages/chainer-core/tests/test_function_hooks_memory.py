"""FunctionHook.added/deleted (v3+) and CupyMemoryProfileHook's accounting, measured
with a stand-in for CuPy's memory hook (the real one needs a GPU)."""
import io
import re

import numpy
import pytest

import chainer
from chainer import cuda
from chainer import function_hooks
from chainer.function_hooks import cupy_memory_profile


class Twice(chainer.Function):
    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grads):
        return grads[0] * 2,


class Registrations(chainer.FunctionHook):
    name = 'Registrations'

    def __init__(self):
        self.events = []

    def added(self, function):
        self.events.append(('added', function))

    def deleted(self, function):
        self.events.append(('deleted', function))


def test_added_and_deleted_are_called_on_registration():
    hook = Registrations()
    with hook:
        assert hook.events == [('added', None)]
    assert hook.events[-1] == ('deleted', None)
    f = Twice()
    f.add_hook(hook)
    assert hook.events[-1] == ('added', f)
    f.delete_hook('Registrations')
    assert hook.events[-1] == ('deleted', f)
    chainer.FunctionHook().added(None)  # the base class does nothing


def test_memory_profile_needs_a_gpu(monkeypatch):
    monkeypatch.setattr(cuda, '_backend_cache', [None])
    with pytest.raises(RuntimeError, match='CUDA'):
        function_hooks.CupyMemoryProfileHook()


class _Counter(object):
    # what CuPy's cumulative memory hook offers the profile hook
    def __init__(self):
        self.used_bytes = self.acquired_bytes = 0
        self.active = 0

    def __enter__(self):
        self.active += 1

    def __exit__(self, *_):
        self.active -= 1


@pytest.fixture
def hook(monkeypatch):
    monkeypatch.setattr(cuda, 'check_cuda_available', lambda: None)
    monkeypatch.setattr(cupy_memory_profile, '_make_counter', _Counter)
    return function_hooks.CupyMemoryProfileHook()


def test_memory_profile_counts_nested_calls(hook):
    outer, inner = Twice(), chainer.core_functions.basic_math.Mul()
    x = numpy.ones(2, numpy.float32)
    with hook:
        assert hook._memory_hook.active == 1
        hook.backward_preprocess(outer, (x,), (x,))
        hook.forward_preprocess(inner, (x, x))
        hook._memory_hook.used_bytes += 512
        hook._memory_hook.acquired_bytes += 1024
        hook.forward_postprocess(inner, (x, x))
        hook._memory_hook.used_bytes += 256
        hook.backward_postprocess(outer, (x,), (x,))
    assert hook._memory_hook.active == 0
    assert hook.call_history == [('Mul', 512, 1024, 1), ('Twice', 768, 1024, 0)]
    assert isinstance(hook.call_history[1][0], Twice)
    assert hook.total_used_bytes() == 768 and hook.total_acquired_bytes() == 1024
    assert hook.summary()['Mul'] == {'used_bytes': 512, 'acquired_bytes': 1024,
                                     'occurrence': 1}


@pytest.mark.parametrize('unit,used,acquired', [
    ('auto', '2.00KB', '1.50MB'), ('auto_foreach', '2.00KB', '1.50MB'),
    ('B', '2048.00B', '1572864.00B'), ('KB', '2.00KB', '1536.00KB')])
def test_memory_profile_report(hook, unit, used, acquired):
    f = Twice()
    f.add_hook(hook)
    hook.forward_preprocess(f, ())
    hook._memory_hook.used_bytes += 2048
    hook._memory_hook.acquired_bytes += 3 * 2 ** 19
    hook.forward_postprocess(f, ())
    out = io.StringIO()
    hook.print_report(unit=unit, file=out)
    expected = (r'\AFunctionName +UsedBytes +AcquiredBytes +Occurrence\n +Twice +' +
                re.escape(used) + ' +' + re.escape(acquired) + r' +1\n\Z')
    assert re.match(expected, out.getvalue()), out.getvalue()
    with pytest.raises(ValueError, match='unit'):
        hook.print_report(unit='bits')
