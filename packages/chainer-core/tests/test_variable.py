"""Tests of chainer.Variable and backprop over the graph."""
import pickle
import sys

import numpy
import pytest

import chainer
from chainer import Variable


def f32(*values):
    return numpy.array(values, dtype=numpy.float32)


# ---------------------------------------------------------------- attributes


def test_attributes_of_a_root_variable():
    data = numpy.arange(6, dtype=numpy.float32).reshape(2, 3)
    x = Variable(data, name='x')
    assert x.data is data
    assert x.grad is None and x.creator is None and x.rank == 0
    assert x.volatile is chainer.OFF
    assert x.name == 'x'
    assert x.shape == (2, 3) and x.ndim == 2 and x.size == 6
    assert x.dtype == numpy.float32
    assert len(x) == 2  # the first axis (v2+); v1 documented the size
    assert len(Variable(numpy.zeros(4, numpy.float32))) == 4  # v1 and v2+ agree
    assert len(Variable(numpy.float32(3))) == 1  # 0-d: 1 as in v1 (v2+ raised)
    assert x.label == '(2, 3), float32'
    assert Variable(numpy.float32(1)).label == 'float32'
    assert x.summary() == '<variable x>'
    assert Variable(data).summary().startswith('<variable at 0x')


def test_repr_and_str_show_the_data():
    x = Variable(numpy.arange(4, dtype=numpy.float32).reshape(2, 2), name='x')
    assert repr(x) == 'variable x([[0., 1.],\n            [2., 3.]])'
    assert str(x) == 'variable x([[0. 1.]\n            [2. 3.]])'
    assert repr(Variable(numpy.float32(3))) == 'variable(3.)'
    assert repr(Variable(numpy.zeros((0, 2)))) == 'variable([], shape=(0, 2))'
    assert repr(Variable(numpy.zeros((0,)))) == 'variable([])'
    assert repr(Variable()) == str(Variable()) == 'variable(None)'


def test_debug_print_without_data():
    text = Variable(name='e').debug_print()
    assert text.startswith('<variable e>')
    for line in ('device', 'backend', 'shape', 'dtype', 'statistics', 'grad'):
        assert '- {}: None'.format(line) in text


def test_constructor_arguments():
    g = f32(1, 1)
    x = Variable(f32(0, 0), volatile='on', grad=g)
    assert x.volatile is chainer.ON and x.grad is g
    x.volatile = False
    assert x.volatile is chainer.OFF
    with pytest.raises(TypeError, match='numpy.ndarray'):
        Variable([1.0, 2.0])
    with pytest.raises(ValueError, match='flag'):
        Variable(f32(1), volatile='maybe')


def test_numpy_scalar_data_becomes_a_0d_array_that_backprops():
    # v1's documented Variable holds arrays; a numpy scalar (what numpy reductions return)
    # is kept as a 0-d array so that it can receive an array gradient.
    x = Variable(numpy.float32(2))
    assert type(x.data) is numpy.ndarray and x.data.shape == ()
    assert x.dtype == numpy.float32 and x.label == 'float32'
    y = x * x
    y.backward()
    assert type(x.grad) is numpy.ndarray
    numpy.testing.assert_array_equal(x.grad, 4)
    sub = numpy.arange(3, dtype=numpy.float32).view(numpy.recarray)
    assert Variable(sub).data is sub  # ndarray subclasses are kept as they are


def test_grad_setter_checks_dtype_and_shape():
    x = Variable(f32(1, 2))
    with pytest.raises(TypeError, match='dtype'):
        x.grad = numpy.ones(2, numpy.float64)
    with pytest.raises(ValueError, match='shape'):
        x.grad = numpy.ones(3, numpy.float32)
    x.grad = None
    assert x.grad is None


def test_zerograd_cleargrad_in_place():
    x = Variable(f32(1, 2))
    x.zerograd()
    g = x.grad
    numpy.testing.assert_array_equal(g, [0, 0])
    assert g.dtype == numpy.float32
    g += 5
    x.zerograd()
    assert x.grad is g and (g == 0).all()  # reuses the array
    x.cleargrad()
    assert x.grad is None


def test_addgrad_and_copydata():
    x = Variable(f32(1, 2))
    y = Variable(f32(3, 4), grad=f32(1, 1))
    x.addgrad(y)
    numpy.testing.assert_array_equal(x.grad, [1, 1])
    assert x.grad is not y.grad  # a copy, never shared
    x.addgrad(y)
    numpy.testing.assert_array_equal(x.grad, [2, 2])
    x.addgrad(Variable(f32(0, 0)))  # no grad: nothing to add
    numpy.testing.assert_array_equal(x.grad, [2, 2])
    d = x.data
    x.copydata(y)
    assert x.data is d
    numpy.testing.assert_array_equal(x.data, [3, 4])


def test_to_cpu_keeps_numpy_and_to_gpu_names_the_backend(monkeypatch):
    monkeypatch.setattr(chainer.cuda, '_backend_cache', [None])  # no backend installed
    x = Variable(f32(1), grad=f32(2))
    d, g = x.data, x.grad
    x.to_cpu()
    assert x.data is d and x.grad is g
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        x.to_gpu()


def test_debug_print_reports_an_all_zero_grad_as_0_as_in_v1():
    x = Variable(f32(1, 2))
    x.zerograd()
    assert x.debug_print().endswith('- grad: 0')


def test_debug_print():
    x = Variable(f32(1, 3), name='v')
    text = x.debug_print()
    assert '<variable v>' in text and '- device: CPU' in text
    assert '- shape: (2,)' in text and '- dtype: float32' in text
    assert 'mean=2.00000000, std=1.00000000' in text
    assert '- grad: None' in text
    x.grad = f32(0, 2)
    assert '- grad: mean=1.00000000' in x.debug_print()


def test_pickle_round_trip():
    x = Variable(f32(1, 2), volatile='auto', name='p', grad=f32(3, 4))
    y = pickle.loads(pickle.dumps(x))
    numpy.testing.assert_array_equal(y.data, x.data)
    numpy.testing.assert_array_equal(y.grad, x.grad)
    assert y.volatile is chainer.AUTO and y.name == 'p'


def test_set_creator_sets_rank():
    x = Variable(f32(1))
    y = x * 2.0
    z = y * 3.0
    assert (x.rank, y.rank, z.rank) == (0, 1, 2)
    assert z.creator.inputs[0] is y
    v = Variable(f32(1))
    v.set_creator(z.creator)
    assert v.creator is z.creator and v.rank == 2


# ---------------------------------------------------------------- backprop


def test_size_one_output_starts_with_grad_one():
    x = Variable(f32(3))
    y = x * x
    y.backward()
    numpy.testing.assert_array_equal(y.grad, [1.0])
    numpy.testing.assert_array_equal(x.grad, [6.0])


def test_backward_of_non_scalar_without_grad_is_allowed_as_in_v1():
    # v1 does not refuse: the creator's backward gets None as the output gradient and
    # decides (a function ignoring that output, like an LSTM's unused cell, is fine).
    seen = []

    class Recorder(chainer.Function):
        def forward(self, xs):
            return xs[0] * 2,

        def backward(self, xs, gys):
            seen.append(gys)
            return numpy.zeros_like(xs[0]),

    x = Variable(f32(1, 2))
    y = Recorder()(x)
    y.backward()
    assert seen == [(None,)]
    assert y.grad is None
    numpy.testing.assert_array_equal(x.grad, [0, 0])


def test_backward_of_root_does_nothing():
    x = Variable(f32(1, 2))
    x.backward()
    assert x.grad is None


def test_diamond_gets_exact_gradient():
    # a = 2x, b = 3x, c = a * b = 6x^2: dc/dx = 12x
    x = Variable(f32(1, -2))
    a = x * 2.0
    b = x * 3.0
    c = a * b
    c.grad = f32(1, 1)
    c.backward()
    numpy.testing.assert_allclose(x.grad, [12, -24])


def test_uneven_diamond_waits_for_all_paths():
    # a = x + 1; b = ((a * 2) * 2) * 2 = 8a; c = a * b = 8a^2: dc/dx = 16 (x + 1)
    x = Variable(f32(1, 2))
    a = x + 1.0
    b = ((a * 2.0) * 2.0) * 2.0
    c = a * b
    c.grad = f32(1, 1)
    c.backward(retain_grad=True)
    numpy.testing.assert_allclose(x.grad, [32, 48])
    numpy.testing.assert_allclose(a.grad, [32, 48])


def test_reused_variable_accumulates():
    x = Variable(f32(1, 2))
    y = x + x
    z = y * x  # z = 2x^2: dz/dx = 4x
    z.grad = f32(1, 1)
    z.backward()
    numpy.testing.assert_allclose(x.grad, [4, 8])


def test_leaf_grads_accumulate_across_backward_calls():
    x = Variable(f32(1, 2))
    for expected in ([2, 2], [4, 4]):
        y = x * 2.0
        y.grad = f32(1, 1)
        y.backward()
        numpy.testing.assert_array_equal(x.grad, expected)


def test_two_leaves_never_share_a_gradient_array():
    x0, x1 = Variable(f32(1)), Variable(f32(2))
    y = x0 + x1  # Add passes the same gy array to both inputs
    y.backward()
    assert x0.grad is not x1.grad
    x0.grad += 1
    numpy.testing.assert_array_equal(x1.grad, [1])


def test_user_grad_is_not_modified_by_accumulation():
    x = Variable(f32(1, 2))
    y = x * 1.0
    gy = f32(1, 1)
    z = y + y  # y.grad accumulates two contributions
    z.grad = gy
    z.backward()
    numpy.testing.assert_array_equal(gy, [1, 1])
    numpy.testing.assert_array_equal(x.grad, [2, 2])


def test_intermediate_grads_are_freed_unless_retained():
    x = Variable(f32(1, 2))
    y = x * 2.0
    z = y * 3.0
    z.grad = f32(1, 1)
    z.backward()
    assert y.grad is None
    assert z.grad is not None  # the starting variable keeps its grad
    numpy.testing.assert_array_equal(x.grad, [6, 6])

    x2 = Variable(f32(1, 2))
    y2 = x2 * 2.0
    z2 = y2 * 3.0
    z2.grad = f32(1, 1)
    z2.backward(retain_grad=True)
    numpy.testing.assert_array_equal(y2.grad, [3, 3])


def test_volatile_builds_no_graph():
    x = Variable(f32(1, 2), volatile='on')
    y = x * 2.0 + 1.0
    assert y.creator is None and y.volatile is chainer.ON
    numpy.testing.assert_array_equal(y.data, [3, 5])
    auto = Variable(f32(1, 2), volatile='auto')
    off = Variable(f32(1, 2))
    assert (auto * off).volatile is chainer.OFF
    assert (auto * off).creator is not None
    assert (auto * 2.0).volatile is chainer.AUTO
    with pytest.raises(ValueError, match='mixed'):
        x * off


def test_unchain_backward_truncates():
    x = Variable(f32(1, 2))
    y = x * 2.0
    z = y * 3.0
    y.unchain_backward()
    assert y.creator is None and z.creator is not None
    z.grad = f32(1, 1)
    z.backward(retain_grad=True)
    assert x.grad is None
    numpy.testing.assert_array_equal(y.grad, [3, 3])


def test_backward_drops_none_gradients():
    class NoGrad(chainer.Function):
        def forward(self, xs):
            return xs[0] * 2,

    x = Variable(f32(1, 2))
    y = NoGrad()(x)
    y.grad = f32(1, 1)
    y.backward()
    assert x.grad is None


def test_backward_checks_the_number_of_gradients():
    class Bad(chainer.Function):
        def forward(self, xs):
            return xs[0] * 2,

        def backward(self, xs, gys):
            return gys[0], gys[0]

    y = Bad()(Variable(f32(1)))
    with pytest.raises(ValueError, match='2 gradients for 1 inputs'):
        y.backward()


def test_backward_checks_gradient_dtype():
    class Bad(chainer.Function):
        def forward(self, xs):
            return xs[0] * 2,

        def backward(self, xs, gys):
            return gys[0].astype(numpy.float64),

    y = Bad()(Variable(f32(1)))
    with pytest.raises(TypeError, match='dtype'):
        y.backward()


class _BadGrad(chainer.Function):
    """Its backward returns a gradient of the wrong shape."""

    label = 'bad_grad'

    def forward(self, xs):
        return xs[0] * 2,

    def backward(self, xs, gys):
        return numpy.zeros(2, numpy.float32),


@pytest.mark.parametrize('grad, error', [
    (1, TypeError), (numpy.zeros(1, numpy.int32), TypeError),
    (numpy.zeros(2, numpy.float32), ValueError)])
def test_bad_gradient_error_names_the_function_as_in_v1(grad, error):
    class Bad(chainer.Function):
        label = 'dummy_function'

        def forward(self, xs):
            return xs[0] * 2,

        def backward(self, xs, gys):
            return grad,

    y = Bad()(Variable(f32(1)))
    with pytest.raises(error, match='dummy_function'):
        y.backward()


def test_bad_gradient_error_shows_where_the_function_was_applied_in_debug_mode():
    x = Variable(f32(1))
    with chainer.DebugMode(True):
        y = _BadGrad()(x)  # the line the message must show
        line = sys._getframe().f_lineno - 1
    assert y.creator.stack is not None
    with pytest.raises(ValueError) as info:
        y.backward()
    assert 'Stacktrace' in str(info.value) and 'line {}'.format(line) in str(info.value)
    assert _BadGrad()(x).creator.stack is None  # recorded in debug mode only


# ---------------------------------------------------------------- indexing


def test_getitem_basic_and_advanced():
    data = numpy.arange(12, dtype=numpy.float32).reshape(3, 4)
    x = Variable(data)
    y = x[1:, ::2]
    numpy.testing.assert_array_equal(y.data, data[1:, ::2])
    y.grad = numpy.ones_like(y.data)
    y.backward()
    expected = numpy.zeros_like(data)
    expected[1:, ::2] = 1
    numpy.testing.assert_array_equal(x.grad, expected)

    x.cleargrad()
    idx = numpy.array([0, 2, 0])
    y = x[idx]
    y.grad = numpy.ones_like(y.data)
    y.backward()
    numpy.testing.assert_array_equal(x.grad[0], [2, 2, 2, 2])
    numpy.testing.assert_array_equal(x.grad[1], [0, 0, 0, 0])

    x.cleargrad()
    y = x[..., None, 1]
    assert y.shape == (3, 1)
    y = x[data > 5]
    numpy.testing.assert_array_equal(y.data, data[data > 5])


def test_getitem_errors():
    x = Variable(numpy.zeros((2, 3), numpy.float32))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        x[0, 0, 0]
    with pytest.raises(ValueError, match='Ellipsis'):
        x[..., ...]


@pytest.mark.parametrize('compare', [
    lambda a, b: a < b, lambda a, b: a <= b, lambda a, b: a > b, lambda a, b: a >= b,
    lambda a, b: a < 1.0,
])
def test_ordering_variables_is_not_implemented_as_in_v1(compare):
    a = chainer.Variable(numpy.zeros(2, numpy.float32))
    b = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(NotImplementedError, match='compare their .array'):
        compare(a, b)


@pytest.mark.parametrize('operation', [
    lambda a, b: a == b, lambda a, b: a != b, lambda a, b: a == 1.0,
    lambda a, b: bool(a), lambda a, b: a < b,
])
def test_comparisons_and_truth_raise_for_v1_and_v7_code_alike(operation):
    # v1 raised NotImplementedError, v2+ TypeError: the error is both
    a = chainer.Variable(numpy.zeros(2, numpy.float32))
    b = chainer.Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(NotImplementedError):
        operation(a, b)
    with pytest.raises(TypeError):
        operation(a, b)


def test_variables_are_hashable_by_identity_as_in_v1():
    a = chainer.Variable(numpy.zeros(2, numpy.float32))
    b = chainer.Variable(numpy.zeros(2, numpy.float32))
    assert len({a, b, a}) == 2 and {a: 1}[a] == 1
    assert a in [a] and a is not b


def test_v7_variable_members():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    assert +x is x and x._has_chainerx_array is False
    assert x.summary() == "<variable at 0x{:x}>".format(id(x))
    y = chainer.Variable._init_unchecked(numpy.zeros(1), name='y', requires_grad=False)
    assert y.name == 'y' and not y.requires_grad
    x.to_device('@numpy')
    assert isinstance(x.array, numpy.ndarray)
    with pytest.raises(RuntimeError, match='ChainerX'):
        x.to_chx()


def test_a_variable_made_without_requires_grad_gets_no_gradient():
    x = chainer.Variable(numpy.ones(2, numpy.float32), requires_grad=False)
    w = chainer.Variable(numpy.full(2, 3.0, numpy.float32))
    y = x * w
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert x.grad is None and (w.grad == 1).all()


def test_turning_a_volatile_result_non_volatile_makes_a_trainable_leaf_as_in_v1():
    x = chainer.Variable(numpy.ones(2, numpy.float32), volatile='on')
    h = x * 2.0
    h.volatile = 'off'
    y = h * h
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    numpy.testing.assert_allclose(h.grad, [4.0, 4.0])


def test_variable_node_rejects_grad_and_forwards_requires_grad():
    from chainer.variable_node import VariableNode
    v = Variable(numpy.ones(2, numpy.float32))
    with pytest.raises(ValueError, match='grad'):
        VariableNode(v, 'v', grad=None)
    with pytest.raises(TypeError, match='other'):
        VariableNode(v, other=1)
    v.node._requires_grad = False
    assert v.requires_grad is False


def test_backward_skips_a_function_whose_inputs_need_no_gradient():
    calls = []

    class Twice(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 2,

        def backward(self, inputs, grads):
            calls.append(1)
            return grads[0] * 2,

    x = Variable(numpy.ones(3, numpy.float32))
    y = Twice()(x)
    x.node._requires_grad = False
    y.grad = numpy.ones(3, numpy.float32)
    y.backward()
    assert calls == [] and x.grad is None


def test_one_element_non_scalar_backward_warns():
    x = Variable(numpy.array([2.0], numpy.float32))
    y = x * 3
    with pytest.warns(DeprecationWarning, match='1-element'):
        y.backward()
    assert x.grad[0] == 3
    z = Variable(numpy.float32(2.0)) * 3
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        z.backward()  # a 0-d loss does not warn


def test_debug_mode_adds_where_the_function_was_applied_to_backward_errors():
    class Fails(chainer.Function):
        def forward(self, inputs):
            return inputs[0] * 1,

        def backward(self, inputs, grads):
            raise FloatingPointError('overflow in backward')

    x = Variable(numpy.ones(1, numpy.float32))
    with chainer.using_config('debug', True):
        y = Fails()(x)  # the line named in the message
        y.grad = numpy.ones(1, numpy.float32)
        with pytest.raises(FloatingPointError) as info:
            y.backward()
    assert 'Stacktrace of the function' in str(info.value)
    assert 'test_debug_mode_adds' in str(info.value)


@pytest.mark.parametrize('op', [
    lambda x, a: x * a, lambda x, a: a * x, lambda x, a: x + a, lambda x, a: a - x,
    lambda x, a: x / a, lambda x, a: a / x, lambda x, a: x ** a, lambda x, a: a ** x])
def test_a_larger_constant_array_broadcasts_the_variable(op):
    x = Variable(numpy.array([1, 2, 3], numpy.float32))
    a = numpy.arange(1, 7, dtype=numpy.float64).reshape(2, 3)
    y = op(x, a)
    assert y.shape == (2, 3) and y.dtype == numpy.float32
    expected = op(numpy.array([1, 2, 3], numpy.float32), a.astype(numpy.float32))
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-6)
    y.grad = numpy.ones((2, 3), numpy.float32)
    y.backward()
    assert x.grad.shape == (3,)
    with pytest.raises(ValueError, match='broadcast'):
        op(x, numpy.ones(2, numpy.float32))
