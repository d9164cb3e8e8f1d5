"""Tests of chainer.utils.type_check."""
import os
import pickle
import subprocess
import sys

import numpy
import pytest

import chainer
from chainer.utils import type_check as T


def test_spec_example():
    x = T.Variable(1, 'x')
    y = T.Variable(1, 'y')
    c = x == y
    assert isinstance(c, T.Expr)
    assert c.eval() is True
    assert str(c) == 'x == y'
    assert (x == 1).eval() is True
    z = T.Variable(1, 'z')
    with pytest.raises(RuntimeError, match="Don't convert Expr to bool"):
        x == y and y == z


@pytest.mark.parametrize('build,text,value', [
    (lambda a, b: a + b * 2, 'a + b * 2', 7),
    (lambda a, b: (a + b) * 2, '(a + b) * 2', 10),
    (lambda a, b: a - (b - 1), 'a - (b - 1)', 2),
    (lambda a, b: a - b - 1, 'a - b - 1', 0),
    (lambda a, b: a ** b ** 2, 'a ** b ** 2', 81),
    (lambda a, b: (a ** b) ** 2, '(a ** b) ** 2', 81),
    (lambda a, b: -a + b, '-a + b', -1),
    (lambda a, b: -(a + b), '-(a + b)', -5),
    (lambda a, b: 10 // a % b, '10 // a % b', 1),
    (lambda a, b: 2 * a, '2 * a', 6),
])
def test_expression_syntax_and_value(build, text, value):
    e = build(T.Variable(3, 'a'), T.Variable(2, 'b'))
    assert str(e) == text
    assert e.eval() == value


def test_getattr_getitem_call():
    shape = T.Variable((2, 3, 4), 'x.shape')
    assert str(shape[1:]) == 'x.shape[1:]'
    assert shape[1:].eval() == (3, 4)
    assert str(shape[::2]) == 'x.shape[::2]'
    assert str(shape[0]) == 'x.shape[0]'
    dtype = T.Variable(numpy.dtype(numpy.float32), 'x.dtype')
    assert str(dtype.kind) == 'x.dtype.kind' and dtype.kind.eval() == 'f'
    assert str(T.prod(shape)) == 'prod(x.shape)' and T.prod(shape).eval() == 24
    assert T.prod((2, 5)).eval() == 10  # an expression, as in v1 and v7
    with T.light_mode:
        assert T.prod((2, 5)) == 10  # the light pass: the value itself
    assert str(T.Constant(numpy.float32)) == "<class 'numpy.float32'>"  # as in v1


def test_expect_raises_with_expected_and_actual_values():
    x = T.Variable(T.TypeInfo((2, 3), numpy.dtype(numpy.float32)), 'in_types[0]')
    T.expect(x.ndim == 2, x.dtype == numpy.float32)
    with pytest.raises(T.InvalidType) as e:
        T.expect(x.shape[1] == 4)
    assert e.value.expect == 'in_types[0].shape[1] == 4'
    assert e.value.actual == '3 != 4'
    assert str(e.value) == 'Expect: in_types[0].shape[1] == 4\nActual: 3 != 4'
    with pytest.raises(T.InvalidType) as e:
        T.expect(x.dtype == numpy.float64)
    assert e.value.actual == "float32 != <class 'numpy.float64'>"
    with pytest.raises(T.InvalidType) as e:
        T.expect(x.ndim > 2)
    assert e.value.actual == '2 <= 2'
    T.expect(True, numpy.bool_(True))  # conditions on values read with T.eval
    with pytest.raises(T.InvalidType, match='Actual: False'):
        T.expect(False)
    with pytest.raises(TypeError, match='comparisons'):
        T.expect('x')


def test_invalid_type_pickles():
    err = T.InvalidType('a == b', '1 != 2')
    again = pickle.loads(pickle.dumps(err))
    assert (again.expect, again.actual, str(again)) == ('a == b', '1 != 2', str(err))


def _check(in_types):
    T.expect(in_types.size() == 2)
    x, y = in_types
    T.expect(x.dtype == y.dtype, T.eval(x.ndim) >= 1)
    T.expect(x.shape[-1] == y.shape[0])


def test_run_check_light_pass_and_full_message():
    f = numpy.zeros((2, 3), numpy.float32)
    T.run_check(_check, (f, numpy.zeros((3, 1), numpy.float32)))
    with pytest.raises(T.InvalidType) as e:
        T.run_check(_check, (f, numpy.zeros((4, 1), numpy.float32)))
    assert e.value.expect == 'in_types[0].shape[-1] == in_types[1].shape[0]'
    assert e.value.actual == '3 != 4'
    with pytest.raises(T.InvalidType, match='in_types.size'):
        T.run_check(_check, (f,))


def test_run_check_reports_bad_index():
    def check(in_types):
        T.expect(in_types[0].shape[2] == 1)

    with pytest.raises(T.InvalidType, match='IndexError'):
        T.run_check(check, (numpy.zeros((2, 3)),))


def test_light_mode_values_and_helpers():
    seen = {}

    def check(in_types):
        seen['size'] = in_types.size()
        seen['ndim'] = T.eval(in_types[0].ndim)
        seen['var'] = T.make_variable(5, 'n')

    T.run_check(check, (numpy.zeros((2, 3)),))
    assert seen == {'size': 1, 'ndim': 2, 'var': 5}
    types = T.get_types((numpy.zeros((2, 3)),), 'in_types', False)
    assert str(types.size()) == 'in_types.size' and types.size().eval() == 1
    assert str(types[0].shape) == 'in_types[0].shape'
    assert isinstance(types, T.TypeInfoTuple) and isinstance(types[0], T.Expr)
    info = types[0].eval()  # v1's type-check tutorial: x_type.eval() is a TypeInfo
    assert isinstance(info, T.TypeInfo)
    assert (info.shape, info.dtype, info.ndim) == ((2, 3), numpy.float64, 2)
    assert types[0].shape[0].eval() == 2
    assert str(T.make_variable(5, 'n')) == 'n'
    assert T.eval(3) == 3


def test_light_mode_state_is_restored():
    T.run_check(lambda t: None, (numpy.zeros(1),))
    assert not T._in_light_mode()
    with T.light_mode:
        assert T._in_light_mode()
    assert not T._in_light_mode()


def test_same_types():
    assert T.same_types(numpy.zeros(1), numpy.ones(2))
    assert not T.same_types(numpy.zeros(1), [1])


def test_function_type_check_light_and_full():
    class MatVec(chainer.Function):
        def check_type_forward(self, in_types):
            _check(in_types)

        def forward(self, xs):
            return xs[0].dot(xs[1]),

    y = MatVec()(numpy.ones((2, 3), 'f'), numpy.ones((3, 1), 'f'))
    assert y.shape == (2, 1)
    with pytest.raises(T.InvalidType, match='Actual: 3 != 2'):
        MatVec()(numpy.ones((2, 3), 'f'), numpy.ones((2, 1), 'f'))


@pytest.mark.parametrize('setting,enabled', [('0', False), ('1', True)])
def test_env_variable_switches_type_check(setting, enabled):
    code = (
        'import numpy, chainer\n'
        'from chainer.utils import type_check\n'
        'assert type_check.is_enabled() is {0}\n'
        'assert chainer.Function.type_check_enable is {0}\n'
        'x = chainer.Variable(numpy.zeros(2, numpy.float32))\n'
        'y = chainer.Variable(numpy.zeros(2, numpy.float64))\n'
        'try:\n'
        '    x * y\n'
        '    print("unchecked")\n'
        'except type_check.InvalidType:\n'
        '    print("checked")\n'.format(enabled))
    env = dict(os.environ, CHAINER_TYPE_CHECK=setting)
    out = subprocess.run([sys.executable, '-c', code], env=env, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ('checked' if enabled else 'unchecked')


def test_tutorial_eval_calls_work_in_both_passes():
    """The v1 type-check tutorial: ``x_type.eval()`` gives a TypeInfo and
    ``x_type.shape.eval()`` the shape tuple; a hand-written check raising InvalidType
    with its own messages reaches the caller unchanged."""
    seen = []

    def check(in_types):
        x_type, = in_types
        actual_type = x_type.eval()
        assert isinstance(actual_type, T.TypeInfo)
        seen.append((actual_type.shape, T.eval(x_type.ndim)))
        x_shape = x_type.shape.eval() if isinstance(x_type, T.Expr) else x_type.shape
        if sum(x_shape) != 5:
            raise T.InvalidType('Shape is expected to be ...', 'Shape is ...')

    T.run_check(check, (numpy.zeros((2, 3)),))
    assert seen == [((2, 3), 2)]
    with pytest.raises(T.InvalidType) as e:
        T.run_check(check, (numpy.zeros((2, 4)),))
    assert str(e.value) == 'Expect: Shape is expected to be ...\nActual: Shape is ...'


def test_tutorial_named_value_and_call():
    """The v1 type-check tutorial: ``type_check.Variable`` names a value and a wrapped
    function is called lazily; both show up in the message."""
    in_size = 4

    def check(in_types):
        x_type, = in_types
        T.expect(x_type.shape[0] == T.Variable(in_size, 'in_size'))
        total = T.Variable(numpy.sum, 'sum')
        T.expect(total(x_type.shape) == 10)

    T.run_check(check, (numpy.zeros((4, 6)),))
    with pytest.raises(T.InvalidType) as e:
        T.run_check(check, (numpy.zeros((3, 7)),))
    assert str(e.value) == 'Expect: in_types[0].shape[0] == in_size\nActual: 3 != 4'
    with pytest.raises(T.InvalidType) as e:
        T.run_check(check, (numpy.zeros((4, 3)),))
    assert str(e.value) == 'Expect: sum(in_types[0].shape) == 10\nActual: 7 != 10'


def test_check_type_forward_always_gets_a_type_info_tuple_as_in_v1():
    seen = []

    class Recorder(chainer.Function):
        def check_type_forward(self, in_types):
            seen.append(in_types)
            T.expect(in_types.size() == 1, in_types[0].ndim == 1)

        def forward(self, xs):
            return xs

    Recorder()(numpy.zeros(2, numpy.float32))  # passes the fast check
    with pytest.raises(T.InvalidType):
        Recorder()(numpy.zeros((2, 2), numpy.float32))  # and the full one
    assert len(seen) == 3
    assert all(isinstance(types, T.TypeInfoTuple) for types in seen)


def test_dtype_messages_read_as_in_v1():
    # v1 prints "Expect: in_types[0].dtype == <type 'numpy.float64'>" and
    # "Actual: float32 != <type 'numpy.float64'>" (class rather than type on Python 3)
    x = T.Variable(T.TypeInfo((2,), numpy.dtype(numpy.float32)), 'in_types[0]')
    with pytest.raises(T.InvalidType) as e:
        T.expect(x.dtype == numpy.float64)
    assert str(e.value) == ("Expect: in_types[0].dtype == <class 'numpy.float64'>\n"
                            "Actual: float32 != <class 'numpy.float64'>")
    with pytest.raises(T.InvalidType, match="Actual: f != i"):
        T.expect(x.dtype.kind == 'i')


def test_expressions_inside_lists_and_tuples_as_in_v1():
    assert (T.Constant([0]) == [T.Constant(0)]).eval()
    assert (T.Constant([[0]]) == [[T.Constant(0)]]).eval()
    assert (T.Constant((0, 1)) == (T.Constant(0), 1)).eval()
    assert T._repr([[T.Constant(0)]]) == '[[0]]'
    assert T._repr((T.Constant(0),)) == '(0,)' and T._repr(()) == '()'
    x = T.Variable(T.TypeInfo((2, 3), numpy.dtype('f')), 'x')
    y = T.Variable(T.TypeInfo((4,), numpy.dtype('f')), 'y')
    T.expect(x.shape == (2, T.Constant(3)))
    with pytest.raises(T.InvalidType) as e:
        T.expect(x.shape == (2, y.shape[0]))
    assert e.value.expect == 'x.shape == (2, y.shape[0])'
    assert e.value.actual == '(2, 3) != (2, 4)'


def test_getattr_with_a_constant_or_non_string_name_as_in_v1():
    x = T.Variable(numpy.dtype('f'), 'x')
    assert str(T.GetAttr(x, T.Constant('kind'))) == 'x.kind'
    assert T.GetAttr(x, T.Constant('kind')).eval() == 'f'
    assert str(T.GetAttr(x, 3)) == 'getattr(x, 3)'


def test_same_types_accepts_numpy_subclasses_as_in_v1():
    class Sub(numpy.ndarray):
        pass

    sub = numpy.zeros(2).view(Sub)
    assert T.same_types(numpy.zeros(1), sub, numpy.zeros((2, 2)))


def test_operator_priorities_are_v1s_higher_binds_tighter():
    x, y = T.Variable(1, 'x'), T.Variable(2, 'y')
    order = [x | y, x ^ y, x & y, x << y, x + y, x * y, -x, x ** y, x]
    priorities = [e.priority for e in order]
    assert priorities == sorted(priorities) and len(set(priorities)) == len(priorities)
    assert (x == y).priority < (x | y).priority


@pytest.mark.parametrize('priority,right_assoc,text', [
    (7, False, 'x + y'), (8, False, 'x + (y)'), (9, False, '(x) + (y)'),
    (7, True, 'x + y'), (8, True, '(x) + y'), (9, True, '(x) + (y)'),
])
def test_binary_operator_parenthesizes_operands_as_v1(priority, right_assoc, text):
    op = T.BinaryOperator(priority, T.Variable(1, 'x'), T.Variable(1, 'y'), '+',
                          lambda a, b: a + b, right_assoc)
    assert str(op) == text


def test_expressions_read_with_the_parentheses_they_need():
    x, y = T.Variable(1, 'x'), T.Variable(2, 'y')
    assert str((-x) ** x) == '(-x) ** x'
    assert str(x - (y - x)) == 'x - (y - x)' and str((x - y) - x) == 'x - y - x'
    assert str(x ** (y ** x)) == 'x ** y ** x' and str((x ** y) ** x) == '(x ** y) ** x'
    assert str(T.UnaryOperator(9, x, '-', None)) == '-(x)'


def test_bool_binary_operator_takes_v1s_arguments():
    x, y = T.Variable(1, 'x'), T.Variable(2, 'y')
    holds = T.BoolBinaryOperator(x, x, '==', '!=', lambda a, b: a == b)
    fails = T.BoolBinaryOperator(x, y, '==', '!=', lambda a, b: a == b)
    assert isinstance(fails, T.Testable) and holds.eval()
    holds.expect()
    with pytest.raises(T.InvalidType, match='1 != 2'):
        fails.expect()
    with pytest.raises(RuntimeError):
        bool(holds)


def test_prod_is_v1s_variable_of_numpy_prod():
    assert T.prod.name == 'prod' and T.prod.value is numpy.prod


def test_get_types_takes_a_tuple_as_v1_asserted():
    with pytest.raises(AssertionError, match='tuple'):
        T.get_types(1, 'name', False)


class _Labelled(object):
    label = 'MyFunction'


def test_failures_in_a_function_check_context_name_the_function_as_in_v1_24():
    x = T.Variable(1, 'x')
    with T.get_function_check_context(_Labelled()):
        with pytest.raises(T.InvalidType) as caught:
            T.expect(x == 2)
    assert str(caught.value).startswith(
        'Invalid operation is performed in: MyFunction (Forward)\n\nExpect: x == 2')
    with pytest.raises(T.InvalidType) as caught:
        T.expect(x == 2)  # the context is left
    assert str(caught.value).startswith('Expect: x == 2')


def test_a_function_names_itself_inside_another_functions_context():
    class Square(chainer.Function):
        def check_type_forward(self, in_types):
            T.expect(in_types[0].dtype == numpy.float32)

        def forward(self, inputs):
            return inputs[0] ** 2,

    with T.get_function_check_context(_Labelled()):
        with pytest.raises(T.InvalidType) as caught:
            Square()(numpy.zeros(1, numpy.float64))
    message = str(caught.value)
    assert message.startswith('Invalid operation is performed in: Square (Forward)')
    assert message.count('Invalid operation') == 1


def test_each_input_type_is_named_and_evaluates_as_in_v1():
    # v1 handed check_type_forward named expressions: in_types[i].name is
    # 'in_types[i]' and .eval() gives the TypeInfo, whichever pass runs the check.
    seen = []

    class F(chainer.Function):
        def check_type_forward(self, in_types):
            seen.append([(t.name, t.eval().shape, t.eval().dtype) for t in in_types])

        def forward(self, inputs):
            return inputs[0],

    F()(numpy.zeros(3, numpy.float32), numpy.zeros((2, 1), numpy.int32))
    assert seen == [[('in_types[0]', (3,), numpy.float32),
                     ('in_types[1]', (2, 1), numpy.int32)]]
    full = T.get_types((numpy.zeros(2),), 'in_types', False)
    assert full[0].name == 'in_types[0]'
