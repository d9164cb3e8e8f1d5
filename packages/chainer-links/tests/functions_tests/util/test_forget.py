import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _f(a, b):
    return a + b + a


def _deep(a, b):
    h = F.tanh(a * b)
    for _ in range(3):
        h = F.sigmoid(h * a + b)
    return h


def _graph(y):
    """Function nodes and variables reachable backward from ``y``."""
    funcs, variables, stack = set(), {id(y): y}, [y.creator]
    while stack:
        func = stack.pop()
        if func is None or func in funcs:
            continue
        funcs.add(func)
        for x in func.inputs:
            variables[id(x)] = x
            stack.append(x.creator)
    return funcs, list(variables.values())


def _retained_intermediate_bytes(y):
    """Bytes of the arrays of intermediate variables the graph of ``y`` keeps alive."""
    _, variables = _graph(y)
    return sum(v.data.nbytes for v in variables if v is not y and v.creator is not None)


def _inputs(dtype, shape=(3, 4)):
    return [numpy.random.uniform(-1, 1, shape).astype(dtype) for _ in range(2)]


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('func', [_f, _deep])
def test_forward_equals_the_plain_call(dtype, func):
    a, b = _inputs(dtype)
    y = F.forget(func, chainer.Variable(a), chainer.Variable(b))
    assert y.data.dtype == dtype
    testing.assert_allclose(y.data, func(chainer.Variable(a), chainer.Variable(b)).data,
                            atol=0, rtol=0)


def test_no_intermediate_is_kept():
    a, b = (chainer.Variable(v) for v in _inputs(numpy.float32, (64, 64)))
    plain = _deep(a, b)
    forgotten = F.forget(_deep, a, b)

    plain_funcs, _ = _graph(plain)
    forgotten_funcs, forgotten_vars = _graph(forgotten)
    assert len(plain_funcs) == 11
    assert len(forgotten_funcs) == 1  # a single Forget node ...
    assert forgotten.creator.inputs == (a, b)  # ... whose inputs are the leaves
    assert _retained_intermediate_bytes(plain) == 10 * 64 * 64 * 4
    assert _retained_intermediate_bytes(forgotten) == 0


def test_documented_example_forgets_x_plus_y():
    x, y = (chainer.Variable(v) for v in _inputs(numpy.float32, (5,)))
    z = F.forget(_f, x, y)
    assert _retained_intermediate_bytes(_f(x, y)) == 5 * 4  # x + y
    assert _retained_intermediate_bytes(z) == 0


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('func', [_f, _deep])
def test_backward(dtype, func, check_backward):
    a, b = _inputs(dtype)
    check_backward(lambda x, y: F.forget(func, x, y), (a, b),
                   numpy.random.randn(3, 4).astype(dtype))


def test_gradients_equal_the_plain_graph():
    a, b = _inputs(numpy.float64)
    grads = []
    for wrap in (lambda f, *xs: f(*xs), F.forget):
        xs = [chainer.Variable(a.copy()), chainer.Variable(b.copy())]
        y = wrap(_deep, *xs)
        y.grad = numpy.ones_like(y.data)
        y.backward()
        grads.append([x.grad for x in xs])
    for plain, forgotten in zip(*grads):
        testing.assert_allclose(forgotten, plain, atol=1e-12, rtol=1e-12)


def _two_outputs(a, b):
    return a * b, a + b * b


@pytest.mark.parametrize('dtype', DTYPES)
def test_backward_with_several_outputs(dtype, check_backward):
    a, b = _inputs(dtype)
    gys = tuple(numpy.random.randn(3, 4).astype(dtype) for _ in range(2))
    check_backward(lambda x, y: F.forget(_two_outputs, x, y), (a, b), gys)


def test_backward_with_an_unused_output():
    a, b = (chainer.Variable(v) for v in _inputs(numpy.float64))
    p, _ = F.forget(_two_outputs, a, b)
    p.grad = numpy.ones_like(p.data)
    p.backward()
    testing.assert_allclose(a.grad, b.data)
    testing.assert_allclose(b.grad, a.data)


def test_lstm_through_forget(check_backward):
    c = numpy.random.randn(2, 3)
    x = numpy.random.randn(2, 12)
    gys = (numpy.random.randn(2, 3), numpy.random.randn(2, 3))
    check_backward(lambda cv, xv: F.forget(F.lstm, cv, xv), (c, x), gys)


def test_input_not_used_by_func_gets_no_gradient():
    a, b = (chainer.Variable(v) for v in _inputs(numpy.float64))
    y = F.forget(lambda p, q: p * p, a, b)
    y.grad = numpy.ones_like(y.data)
    y.backward()
    testing.assert_allclose(a.grad, 2 * a.data)
    assert b.grad is None


def test_func_returning_an_array_is_a_runtime_error_as_in_v1():
    with pytest.raises(RuntimeError, match='Variable'):
        F.forget(lambda a: a.data, numpy.zeros(3, numpy.float32))


@pytest.mark.parametrize('position,ordinal', [(1, '1st'), (2, '2nd'), (3, '3rd'), (4, '4th'),
                                              (11, '11th'), (12, '12th'), (13, '13th'),
                                              (21, '21st'), (22, '22nd')])
def test_bad_tuple_element_is_named_by_its_ordinal_as_in_v1(position, ordinal):
    v = chainer.Variable(numpy.zeros(1, numpy.float32))
    with pytest.raises(RuntimeError, match=ordinal + '.*int'):
        F.forget(lambda: (v,) * (position - 1) + (1,))


def test_uncallable_func_is_rejected():
    with pytest.raises(TypeError, match='callable'):
        F.forget(3, numpy.zeros(3, numpy.float32))


def test_func_without_inputs_is_called_as_in_v1():
    v = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    y = F.forget(lambda: v * 2)
    numpy.testing.assert_array_equal(y.data, [0, 2, 4])
    y.grad = numpy.ones(3, numpy.float32)
    y.backward()  # no input: nothing to backpropagate to
