"""While a tool replaces ``chainer.FunctionNode.apply`` (onnx-chainer's export does),
v1 Functions are applied through it with their adapter, as in v7; putting the
original back restores the direct call."""
import numpy

import chainer
from chainer import function
from chainer import function_node
from chainer.function_adapter import FunctionAdapter


class _Twice(function.Function):
    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grad_outputs):
        return grad_outputs[0] * 2,


class _Split(function.Function):
    def forward(self, inputs):
        return inputs[0] + 1, inputs[0] - 1

    def backward(self, inputs, grad_outputs):
        ga, gb = grad_outputs
        return (ga if gb is None else ga + gb),


class _Plus(function_node.FunctionNode):
    def forward(self, inputs):
        return inputs[0] + 1,

    def backward(self, indexes, grad_outputs):
        return grad_outputs


def _wrapping(seen):
    original = function_node.FunctionNode.apply

    def wrapper(node, inputs):
        outputs = original(node, inputs)
        seen.append((node, [x.get_variable_or_none() for x in node.inputs]))
        # what onnx-chainer does: sets the inputs (to the same nodes here)
        node.inputs = tuple(node.inputs)
        return outputs
    return original, wrapper


def test_v1_functions_go_through_a_replaced_apply():
    seen = []
    original, wrapper = _wrapping(seen)
    direct_call = function.Function.__dict__['__call__']
    x = chainer.Variable(numpy.array([1.0, 2.0], numpy.float32))
    function_node.FunctionNode.apply = wrapper
    try:
        y = _Twice()(x)
        a, b = _Split()(y)
        z, = _Plus().apply((a,))
    finally:
        function_node.FunctionNode.apply = original
    assert function.Function.__dict__['__call__'] is direct_call
    assert [type(n) for n, _ in seen] == [FunctionAdapter, FunctionAdapter, _Plus]
    assert seen[0][0].function is y.creator
    assert seen[0][1] == [x] and seen[1][1][0] is y and seen[2][1][0] is a
    numpy.testing.assert_array_equal(y.array, [2, 4])
    numpy.testing.assert_array_equal(b.array, [1, 3])
    numpy.testing.assert_array_equal(z.array, [4, 6])
    # the graph is the ordinary one: the backward reaches x
    z.grad = numpy.ones(2, numpy.float32)
    z.backward()
    numpy.testing.assert_array_equal(x.grad, [2, 2])
    # after the restoration nothing goes through a wrapper
    _Twice()(x)
    assert len(seen) == 3


def test_apply_of_a_function_while_replaced():
    seen = []
    original, wrapper = _wrapping(seen)
    x = numpy.array([3.0], numpy.float32)
    function_node.FunctionNode.apply = wrapper
    try:
        ys = _Twice().apply((x,))
    finally:
        function_node.FunctionNode.apply = original
    assert isinstance(ys, tuple) and len(ys) == 1
    numpy.testing.assert_array_equal(ys[0].array, [6])
    assert len(seen) == 1
