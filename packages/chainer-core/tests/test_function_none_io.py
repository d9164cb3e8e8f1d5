"""None among the inputs and outputs of a FunctionNode or a v1 Function (v7 allows
both): the forward sees None, retained values come back as None, no gradient flows
there, and the other inputs get theirs, in the array engine and in double backprop."""
import numpy
import pytest

import chainer
from chainer import FunctionNode, Variable
from chainer.utils import type_check


class MiddleTimesThree(FunctionNode):
    """y = 3 * x of its middle input; the first and last inputs are None."""

    def forward(self, inputs):
        self.seen = inputs
        self.retain_inputs((1, 2))
        return inputs[1] * 3,

    def backward(self, indexes, grad_outputs):
        self.indexes = indexes
        self.retained = self.get_retained_inputs()
        return None, 3 * grad_outputs[0], None


class SecondOfThree(FunctionNode):
    """Returns (None, x * x, None); the backward reads the retained x and output."""

    def forward(self, inputs):
        x, = inputs
        self.retain_inputs((0,))
        self.retain_outputs((1, 2))
        return None, x * x, None

    def backward(self, indexes, grad_outputs):
        self.grads_seen = grad_outputs
        self.retained = self.get_retained_outputs()
        x, = self.get_retained_inputs()
        return 2 * x * grad_outputs[1],


class V1NoneInputs(chainer.Function):
    """v1 Function: f(None, x, None) = 3 x, checking the types of its middle input."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3, in_types[1].dtype.kind == 'f')

    def forward(self, inputs):
        self.seen = inputs
        return inputs[1] * 3,

    def backward(self, inputs, grad_outputs):
        self.inputs_seen = inputs
        return None, 3 * grad_outputs[0], None


class V1NoneOutputs(chainer.Function):
    """v1 Function returning (None, 2 x + 1, None)."""

    def forward(self, inputs):
        self.retain_outputs((1, 2))
        return None, inputs[0] * 2 + 1, None

    def backward(self, inputs, grad_outputs):
        self.grads_seen = grad_outputs
        self.outputs_seen = self.output_data
        return 2 * grad_outputs[1],


def _x():
    return Variable(numpy.array([1.5, -2.0], numpy.float32))


def test_function_node_none_inputs():
    x = _x()
    f = MiddleTimesThree()
    y, = f.apply((None, x, None))
    assert f.seen[0] is None and f.seen[2] is None
    numpy.testing.assert_array_equal(y.array, x.array * 3)
    y.grad = numpy.array([1.0, 2.0], numpy.float32)
    y.backward()
    assert f.indexes == (1,)  # a None input never asks for a gradient
    assert f.retained[0] is x and f.retained[1] is None
    numpy.testing.assert_array_equal(x.grad, [3.0, 6.0])


def test_function_node_none_outputs():
    x = _x()
    f = SecondOfThree()
    y1, y2, y3 = f.apply((x,))
    assert y1.array is None and y3.array is None
    numpy.testing.assert_array_equal(y2.array, x.array ** 2)
    y2.grad = numpy.ones(2, numpy.float32)
    y2.backward()
    assert f.grads_seen[0] is None and f.grads_seen[2] is None
    assert f.retained[1] is None
    numpy.testing.assert_array_equal(f.retained[0].array, x.array ** 2)
    numpy.testing.assert_array_equal(x.grad, 2 * x.array)


def test_function_node_none_output_retained_after_output_is_gone():
    x = _x()
    f = SecondOfThree()
    outputs = f.apply((x,))
    y2 = outputs[1] * 1
    del outputs  # the outputs' Variables are gone: the retained ones are rebuilt
    y2.grad = numpy.ones(2, numpy.float32)
    y2.backward()
    assert f.retained[1] is None
    numpy.testing.assert_array_equal(x.grad, 2 * x.array)


def test_function_node_none_io_double_backprop():
    x = _x()
    y = MiddleTimesThree().apply((None, x, None))[0]
    _, z, _ = SecondOfThree().apply((y,))
    gx, = chainer.grad([z], [x], grad_outputs=[Variable(numpy.ones(2, numpy.float32))],
                       enable_double_backprop=True)
    # z = 9 x^2: dz/dx = 18 x, and its derivative again 18
    numpy.testing.assert_allclose(gx.array, 18 * x.array)
    ggx, = chainer.grad([gx], [x], grad_outputs=[numpy.ones(2, numpy.float32)])
    numpy.testing.assert_allclose(ggx.array, [18.0, 18.0])


def test_v1_function_none_inputs_with_type_check():
    x = _x()
    f = V1NoneInputs()
    y = f(None, x, None)
    assert f.seen[0] is None and f.seen[2] is None
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert f.inputs_seen[0] is None and f.inputs_seen[2] is None
    numpy.testing.assert_array_equal(x.grad, [3.0, 3.0])


def test_v1_function_none_inputs_type_check_still_fails():
    x = Variable(numpy.array([1, 2], numpy.int32))
    with pytest.raises(type_check.InvalidType):
        V1NoneInputs()(None, x, None)


def test_v1_function_none_outputs():
    x = _x()
    f = V1NoneOutputs()
    y1, y2, y3 = f(x)
    assert y1.array is None and y3.array is None
    y2.grad = numpy.ones(2, numpy.float32)
    y2.backward()
    assert f.grads_seen[0] is None and f.grads_seen[2] is None
    assert f.outputs_seen[2] is None
    numpy.testing.assert_array_equal(f.outputs_seen[1], x.array * 2 + 1)
    numpy.testing.assert_array_equal(x.grad, [2.0, 2.0])


def test_forward_output_of_another_type_is_still_refused():
    class Bad(FunctionNode):
        def forward(self, inputs):
            return inputs[0], 3

    with pytest.raises(TypeError, match='tuple of ndarrays'):
        Bad().apply((_x(),))
