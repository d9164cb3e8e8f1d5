"""v7 behaviours of the core that v1 has no counterpart for: zerograd of a gradient
with a history, retain_grad of chainer.grad at its inputs, and the gradient a parameter
gets when it is initialized again."""
import copy

import numpy
import pytest

import chainer
from chainer import initializers
from chainer import Variable


def test_zerograd_cuts_the_history_of_the_gradient_variable():
    x = Variable(numpy.ones(3, numpy.float32))
    x.grad_var = Variable(numpy.full(3, 5, numpy.float32))
    x.grad_var.creator_node = chainer.FunctionNode()
    with pytest.warns(DeprecationWarning):
        x.zerograd()
    assert x.grad_var.creator is None
    numpy.testing.assert_array_equal(x.grad, numpy.zeros(3))


def _chain():
    x0 = Variable(numpy.array(1.0, numpy.float32))
    x1 = x0 * 2
    y = x1 * 3
    return x0, x1, y


def test_grad_retain_grad_keeps_the_gradient_of_an_input_made_by_a_function():
    x0, x1, y = _chain()
    gx1, = chainer.grad([y], [x1], retain_grad=True)
    assert float(gx1.array) == 3.0
    assert x1.grad_var is gx1 or float(x1.grad) == 3.0
    assert x0.grad is None  # nothing flows past the input asked for


def test_grad_without_retain_grad_leaves_the_inputs_alone():
    x0, x1, y = _chain()
    chainer.grad([y], [x1])
    assert x1.grad is None


def test_grad_retain_grad_leaves_a_leaf_input_alone():
    x0, x1, y = _chain()
    gx0, = chainer.grad([y], [x0], retain_grad=True)
    assert float(gx0.array) == 6.0
    assert x0.grad is None  # a leaf: set_grad is what stores it
    assert float(x1.grad) == 3.0  # the intermediate keeps its own


def test_initializing_again_a_parameter_made_with_its_shape_leaves_no_gradient():
    p = chainer.Parameter(initializers.Constant(2.0), shape=(2,))
    assert numpy.isnan(p.grad).all()  # a new parameter's NaNs (v1)
    p.initialize((2,))
    assert p.grad is None
    numpy.testing.assert_array_equal(p.array, [2.0, 2.0])


def test_initializing_a_parameter_made_uninitialized_gives_nan_gradients():
    p = chainer.Parameter(initializers.Constant(2.0))
    p.initialize((3,))
    assert numpy.isnan(p.grad).all()
    p.initialize((3,))
    assert numpy.isnan(p.grad).all()


def test_a_copy_initialized_again_gets_nan_gradients():
    p = chainer.Parameter(initializers.Constant(2.0), shape=(2,))
    q = copy.deepcopy(p)
    q.initialize((2,))
    assert numpy.isnan(q.grad).all()


def test_link_copy_init_mode_gives_the_copies_nan_gradients():
    link = chainer.Link()
    with link.init_scope():
        link.w = chainer.Parameter(initializers.Normal(), shape=(2, 3))
    link.w.initialize((2, 3))  # the original: no gradient now
    c = link.copy(mode='init')
    assert link.w.grad is None
    assert numpy.isnan(c.w.grad).all()
    assert not numpy.array_equal(c.w.array, link.w.array)
