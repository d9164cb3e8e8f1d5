"""chainer.Parameter: initializers, lazy shapes, gradients before initialization,
pickling."""
import pickle

import numpy
import pytest

import chainer
from chainer import initializers


def test_a_parameter_with_a_shape_is_initialized_at_once():
    p = chainer.Parameter(initializers.Constant(2.0), (2, 3), name='w')
    assert p.is_initialized and p.shape == (2, 3) and p.dtype == numpy.float32
    assert (p.array == 2.0).all() and p.name == 'w'
    assert numpy.isnan(p.grad).all()  # a new parameter's gradient is NaN
    assert p.update_rule is None and p.volatile is chainer.AUTO


def test_an_array_initializer_is_the_data():
    data = numpy.arange(3, dtype=numpy.float64)
    p = chainer.Parameter(data)
    assert p.array is data and p.dtype == numpy.float64


def test_a_scalar_initializer_fills_float32():
    p = chainer.Parameter(0.5, 4)
    assert p.shape == (4,) and p.dtype == numpy.float32 and (p.array == 0.5).all()


def test_an_uninitialized_parameter_is_initialized_later():
    p = chainer.Parameter(initializers.Constant(1.0, dtype=numpy.float64))
    assert not p.is_initialized and p.array is None and p.grad is None
    assert p.dtype == numpy.float64
    p.initialize((2,))
    assert p.shape == (2,) and (p.array == 1).all() and numpy.isnan(p.grad).all()


def test_the_dtype_of_an_uninitialized_parameter_without_one_is_an_error():
    p = chainer.Parameter()
    with pytest.raises(RuntimeError, match='dtype'):
        p.dtype


@pytest.mark.parametrize('method,expected', [('cleargrad', None), ('zerograd', 0.0)])
def test_cleargrad_and_zerograd_before_initialization_decide_the_first_gradient(
        method, expected):
    p = chainer.Parameter(initializers.Constant(3.0))
    getattr(p, method)()
    p.initialize((3,))
    if expected is None:
        assert p.grad is None
    else:
        assert (p.grad == expected).all()


def test_a_parameter_pickles_with_its_data_gradient_and_initializer():
    p = chainer.Parameter(initializers.Constant(1.5), (2,), name='b')
    p.grad = numpy.array([0.25, 0.5], numpy.float32)
    q = pickle.loads(pickle.dumps(p))
    assert isinstance(q, chainer.Parameter) and q.name == 'b'
    numpy.testing.assert_array_equal(q.array, p.array)
    numpy.testing.assert_array_equal(q.grad, p.grad)
    u = pickle.loads(pickle.dumps(chainer.Parameter(initializers.Constant(2.0))))
    assert not u.is_initialized
    u.initialize((1,))
    assert u.array[0] == 2.0


def test_a_variable_pickles_with_its_flags():
    x = chainer.Variable(numpy.ones(2, numpy.float32), name='x', requires_grad=False)
    y = pickle.loads(pickle.dumps(x))
    assert y.name == 'x' and not y.requires_grad and (y.array == 1).all()


def test_update_uses_the_update_rule():
    seen = []

    class Rule(object):
        def update(self, param):
            seen.append(param)

    p = chainer.Parameter(0.0, (1,))
    p.update()  # no rule: nothing happens
    p.update_rule = Rule()
    p.update()
    assert seen == [p]


def test_as_variable_and_as_array():
    a = numpy.ones(2)
    v = chainer.as_variable(a)
    assert isinstance(v, chainer.Variable) and v.array is a and not v.requires_grad
    assert chainer.as_variable(v) is v
    assert chainer.as_array(v) is a and chainer.as_array(a) is a


def test_copies_made_before_initialization_share_the_array():
    import copy
    p = chainer.Parameter()
    q = copy.copy(p)
    r = copy.copy(q)
    p.initialize((3, 2))
    assert q.data is p.data and r.data is p.data
    assert numpy.isnan(q.grad).all() and q.grad is not p.grad
    s = chainer.Parameter(numpy.zeros(2, numpy.float32))
    t = copy.copy(s)
    assert t.data is s.data


def test_copydata_and_addgrad_initialize_an_uninitialized_side():
    src = chainer.Parameter(numpy.arange(3, dtype=numpy.float32))
    dst = chainer.Parameter()
    dst.copydata(src)
    numpy.testing.assert_array_equal(dst.data, src.data)
    assert dst.data is not src.data
    lazy = chainer.Parameter(0.5)
    full = chainer.Parameter(numpy.zeros(2, numpy.float32))
    full.copydata(lazy)  # the uninitialized source is initialized first
    numpy.testing.assert_array_equal(full.data, [0.5, 0.5])
    a, b = chainer.Parameter(), chainer.Parameter()
    a.copydata(b)  # both uninitialized: nothing to copy
    assert a.data is None and b.data is None
    g = chainer.Parameter(numpy.ones(2, numpy.float32))
    g.grad = numpy.full(2, 3, numpy.float32)
    acc = chainer.Parameter()
    acc.cleargrad()
    acc.addgrad(g)
    numpy.testing.assert_array_equal(acc.grad, [3, 3])
    assert acc.grad is not g.grad
