"""chainer._backprop_utils: one node's backward step with the gradients gathered per
input node in lists (v7's private form), and FunctionNode.inputs set by hand."""
import numpy
import pytest

import chainer
from chainer import _backprop_utils
from chainer import FunctionNode, Variable


class Scale(FunctionNode):
    """y = 2 * x0 + 3 * x1 (by backward); forward unused here."""

    def backward(self, indexes, grad_outputs):
        gy, = grad_outputs
        return tuple([gy * (2.0 if i == 0 else 3.0) for i in indexes])


class ScaleAccumulate(Scale):
    """The same, fusing the sum with what was gathered (backward_accumulate)."""

    def backward_accumulate(self, indexes, grad_outputs, grad_inputs):
        self.given = grad_inputs
        gxs = self.backward(indexes, grad_outputs)
        return tuple([gx if g is None else gx + g for gx, g in zip(gxs, grad_inputs)])


def _vars():
    x0 = Variable(numpy.array([1.0, 2.0], numpy.float32))
    x1 = Variable(numpy.array([3.0, 4.0], numpy.float32))
    gy = Variable(numpy.array([1.0, 10.0], numpy.float32))
    return x0, x1, gy


@pytest.mark.parametrize('cls', [Scale, ScaleAccumulate])
def test_step_adds_to_gathered_gradients_and_sums_them(cls):
    x0, x1, gy = _vars()
    f = cls()
    f.inputs = (x0.node, x1.node)
    assert f.inputs[0] is x0.node
    before = Variable(numpy.array([100.0, 100.0], numpy.float32))
    grads = {x0.node: [before], x1.node: []}
    _backprop_utils.backprop_step(f, (0, 1), (gy,), grads, True)
    assert len(grads[x0.node]) == 1  # summed at once (lazy_grad_sum off)
    numpy.testing.assert_array_equal(
        _backprop_utils._reduce(grads[x0.node]).array, [102.0, 120.0])
    numpy.testing.assert_array_equal(grads[x1.node][0].array, [3.0, 30.0])
    if cls is ScaleAccumulate:
        assert f.given[0] is before and f.given[1] is None


def test_step_keeps_lists_under_lazy_grad_sum():
    x0, x1, gy = _vars()
    f = Scale()
    f.inputs = (x0, x1)  # Variables are taken too
    grads = {x0.node: [Variable(numpy.ones(2, numpy.float32))], x1.node: []}
    with chainer.using_config('lazy_grad_sum', True):
        _backprop_utils.backprop_step(f, (0,), (gy,), grads, False)
    assert len(grads[x0.node]) == 2
    numpy.testing.assert_array_equal(_backprop_utils._reduce(grads[x0.node]).array,
                                     [3.0, 21.0])
    assert grads[x1.node] == []
    assert _backprop_utils._reduce([]) is None


def test_step_in_debug_mode_refuses_a_gradient_of_another_shape():
    x0, x1, gy = _vars()

    class Bad(FunctionNode):
        def backward(self, indexes, grad_outputs):
            return Variable(numpy.ones(3, numpy.float32)), None

    f = Bad()
    f.inputs = (x0.node, x1.node)
    with pytest.raises(ValueError, match='shape of gradients'):
        _backprop_utils.backprop_step(f, (0, 1), (gy,), {x0.node: [], x1.node: []},
                                      True)
    with pytest.raises(ValueError, match='sorted tuple'):
        _backprop_utils.backprop_step(f, (1, 0), (gy,), {x0.node: [], x1.node: []},
                                      True)
