"""v2+ behaviour of the function hooks: TimerHook's names, nesting and report,
PrintHook's blocks, the functions' ``_impl_name``."""
import io
import pickle
import re

import numpy
import pytest

import chainer
from chainer import function_hooks
from chainer.core_functions import basic_math


class Twice(chainer.Function):
    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grads):
        return grads[0] * 2,


class KeepFirst(chainer.Function):
    def forward(self, inputs):
        self.retain_inputs((0,))
        return inputs[0] + inputs[1],

    def backward(self, inputs, grads):
        assert inputs[1] is None
        return grads[0], grads[0]


class Square(chainer.FunctionNode):
    def forward(self, inputs):
        return inputs[0] ** 2,


def _array():
    return numpy.array([1.0, 3.0], numpy.float32)


def test_impl_name_is_the_class_name():
    assert Twice()._impl_name == 'Twice'
    assert Square()._impl_name == 'Square'
    assert Twice().node._impl_name == 'Twice'  # the adapter names what it adapts


def test_timer_records_class_names_that_still_stand_for_the_function():
    hook = function_hooks.TimerHook()
    f = Twice()
    f.add_hook(hook)
    y = f(chainer.Variable(_array()))
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert [n for n, _ in hook.call_history] == ['Twice', 'Twice']
    name, elapsed = hook.call_history[0]
    assert isinstance(name, str) and isinstance(elapsed, float)
    assert name.function is f
    assert isinstance(name, Twice)  # v1: the entry was the function itself
    assert name.label == f.label
    assert set(dict(hook.call_history)) == {'Twice'}
    assert pickle.loads(pickle.dumps(name)) == 'Twice'
    assert type(pickle.loads(pickle.dumps(name))) is str


def test_nested_calls_are_timed_each_and_counted_once_in_total():
    hook = function_hooks.TimerHook()
    outer, inner = Twice(), basic_math.Mul()
    x = _array()
    hook.backward_preprocess(outer, (x,), (x,))
    hook.forward_preprocess(inner, (x, x))
    hook.forward_postprocess(inner, (x, x))
    hook.backward_postprocess(outer, (x,), (x,))
    times = dict(hook.call_history)
    assert list(times) == ['Mul', 'Twice']
    assert times['Mul'] <= times['Twice']
    assert hook.total_time() == times['Twice']


@pytest.mark.parametrize('unit,pattern', [
    ('sec', r'sec'), ('ms', r'ms'), ('us', r'us'), ('ns', r'ns'),
    ('auto', r'(.s|sec)'), ('auto_foreach', r'(.s|sec)')])
def test_timer_report_table(unit, pattern):
    hook = function_hooks.TimerHook()
    f = Twice()
    f.add_hook(hook)
    f(chainer.Variable(_array()))
    f(chainer.Variable(_array()))
    out = io.StringIO()
    hook.print_report(unit=unit, file=out)
    expected = (r'\AFunctionName +ElapsedTime +Occurrence\n +Twice +[0-9.]+' +
                pattern + r' +2\n\Z')
    assert re.match(expected, out.getvalue()), out.getvalue()
    lines = out.getvalue().splitlines()
    assert len(lines[0]) == len(lines[1])  # right-aligned columns


def test_timer_auto_foreach_picks_a_unit_per_line():
    from chainer import _timing_table
    out = io.StringIO()
    _timing_table.write_table('FunctionName', {
        'Slow': {'elapsed_time': 2.0, 'occurrence': 1},
        'Fast': {'elapsed_time': 2e-6, 'occurrence': 3}}, 'auto_foreach', out)
    lines = out.getvalue().splitlines()
    assert lines[1].split() == ['Slow', '2.00sec', '1']
    assert lines[2].split() == ['Fast', '2.00us', '3']
    out = io.StringIO()
    _timing_table.write_table('LinkName', {
        'Slow': {'elapsed_time': 2.0, 'occurrence': 1},
        'Fast': {'elapsed_time': 2e-6, 'occurrence': 3}}, 'auto', out)
    assert out.getvalue().splitlines()[2].split() == ['Fast', '0.00sec', '3']


_BLOCK = (r'<variable at 0x[0-9a-f]+>\n- device: CPU\n'
          r"- backend: <class 'numpy.ndarray'>\n- shape: \(2,\)\n- dtype: float32\n"
          r'- statistics: mean=[0-9.\-e]+, std=[0-9.\-e]+\n')


def test_print_hook_forward_block_has_no_volatility_line():
    out = io.StringIO()
    f = KeepFirst()
    f.add_hook(function_hooks.PrintHook(file=out))
    f(chainer.Variable(_array()), chainer.Variable(_array()))
    expected = (r'\Afunction\tKeepFirst\ninput data\n' + _BLOCK + r'- grad: None\n' +
                _BLOCK + r'- grad: None\n\Z')
    assert re.match(expected, out.getvalue()), out.getvalue()


def test_print_hook_backward_shows_removed_inputs_and_gradients():
    out = io.StringIO()
    f = KeepFirst()
    y = f(chainer.Variable(_array()), chainer.Variable(_array()))
    y.grad = numpy.array([0.5, 1.5], numpy.float32)
    f.add_hook(function_hooks.PrintHook(file=out))
    y.backward()
    expected = (r'\Afunction\tKeepFirst\ninput data\n' + _BLOCK + r'- grad: None\n' +
                r'\(removed\)\noutput gradient\n' + _BLOCK +
                r'- grad: mean=1.00000000, std=0.50000000\n\Z')
    assert re.match(expected, out.getvalue()), out.getvalue()
    assert 'mean=0.00000000, std=0.00000000' in out.getvalue()  # a zero array's data


def test_print_hook_keeps_v1_arguments():
    out = io.StringIO()
    hook = function_hooks.PrintHook(sep='', end='|', file=out, flush=False)
    hook.forward_preprocess(Twice(), (_array(),))
    assert out.getvalue().startswith('function\tTwice|input data|<variable at')


def test_variable_debug_print_keeps_its_volatility_line():
    assert '- volatile: OFF' in chainer.Variable(_array()).debug_print()
