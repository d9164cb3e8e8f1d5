"""Tests of FunctionHook registration, PrintHook and TimerHook."""
import io

import numpy
import pytest

import chainer
from chainer import function
from chainer import function_hooks


class Recorder(function.FunctionHook):
    name = 'Recorder'

    def __init__(self):
        self.events = []

    def forward_preprocess(self, f, in_data):
        self.events.append(('fwd_pre', f.label))

    def forward_postprocess(self, f, in_data):
        self.events.append(('fwd_post', f.label))

    def backward_preprocess(self, f, in_data, out_grad):
        self.events.append(('bwd_pre', f.label))

    def backward_postprocess(self, f, in_data, out_grad):
        self.events.append(('bwd_post', f.label))


def _x():
    return chainer.Variable(numpy.array([1.0, 2.0], dtype=numpy.float32))


def test_with_statement_registers_for_the_block_only():
    hook = Recorder()
    x = _x()
    with hook:
        assert function.get_function_hooks()['Recorder'] is hook
        y = x * 2.0
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()  # outside the block: not recorded
    assert hook.events == [('fwd_pre', '_ * 2.0'), ('fwd_post', '_ * 2.0')]
    assert 'Recorder' not in function.get_function_hooks()


def test_same_hook_name_twice_is_an_error():
    with Recorder():
        with pytest.raises(KeyError, match='Recorder'):
            with Recorder():
                pass


def test_backward_hooks_are_called_in_the_block():
    hook = Recorder()
    x = _x()
    with hook:
        y = x * x
        y.grad = numpy.ones(2, numpy.float32)
        y.backward()
    assert hook.events[-2:] == [('bwd_pre', '_ * _'), ('bwd_post', '_ * _')]


def test_add_hook_and_delete_hook_on_one_function():
    hook = Recorder()
    f = chainer.core_functions.basic_math.Mul()
    f.add_hook(hook)
    assert f.local_function_hooks['Recorder'] is hook
    with pytest.raises(KeyError):
        f.add_hook(hook)
    f.add_hook(Recorder(), name='second')
    x = _x()
    y = f(x, x)
    _ = x * 3.0  # another function: not hooked
    assert hook.events == [('fwd_pre', '_ * _'), ('fwd_post', '_ * _')]
    f.delete_hook('Recorder')
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert len(hook.events) == 2
    with pytest.raises(TypeError):
        f.add_hook(object())


def test_print_hook_prints_forward_and_backward():
    out = io.StringIO()
    x = _x()
    with function_hooks.PrintHook(file=out):
        y = x * x
        y.grad = numpy.ones(2, numpy.float32)
        y.backward()
    text = out.getvalue()
    assert text.count('function\t_ * _') == 2
    assert 'input data' in text and 'output gradient' in text
    assert 'shape: (2,)' in text and 'dtype: float32' in text
    assert 'mean=1.50000000' in text  # statistics of x


def test_print_hook_handles_missing_gradients():
    out = io.StringIO()
    hook = function_hooks.PrintHook(file=out, flush=False)
    f = chainer.core_functions.basic_math.Mul()
    hook.backward_preprocess(f, (numpy.ones(1),), (None,))
    assert 'output gradient\nNone' in out.getvalue()


def test_timer_hook_history_total_and_report():
    x = _x()
    with function_hooks.TimerHook() as hook:
        y = x * x
        z = y + 1.0
        z.grad = numpy.ones(2, numpy.float32)
        z.backward()
    names = [name for name, _ in hook.call_history]
    assert names == ['Mul', 'AddConstant', 'AddConstant', 'Mul']  # v2+: class names
    labels = [f.label for f, _ in hook.call_history]  # v1: the function's attributes
    assert labels == ['_ * _', '_ + 1.0', '_ + 1.0', '_ * _']
    assert all(t >= 0 for _, t in hook.call_history)
    assert hook.total_time() == pytest.approx(sum(t for _, t in hook.call_history))
    summary = hook.summary()
    assert list(summary) == ['Mul', 'AddConstant']
    assert summary['Mul']['occurrence'] == 2
    assert summary['Mul']['elapsed_time'] == pytest.approx(
        hook.call_history[0][1] + hook.call_history[3][1])
    out = io.StringIO()
    hook.print_report(unit='ms', file=out)
    lines = out.getvalue().splitlines()
    assert lines[0].split() == ['FunctionName', 'ElapsedTime', 'Occurrence']
    assert lines[1].split()[-1] == '2' and lines[1].split()[-2].endswith('ms')
    with pytest.raises(ValueError, match='unit'):
        hook.print_report(unit='hours')


def test_timer_hook_auto_unit():
    from chainer._timing_table import unit_for
    assert unit_for(2.5) == 'sec'
    assert unit_for(0.003) == 'ms'
    assert unit_for(4e-6) == 'us'
    assert unit_for(0.0) == 'ns'


def test_hook_modules_have_v1_paths():
    from chainer.function_hooks import debug_print, timer
    assert debug_print.PrintHook is function_hooks.PrintHook
    assert timer.TimerHook is function_hooks.TimerHook
