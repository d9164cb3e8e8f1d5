"""A v1 Function's inputs are Variables; v2+ code asks them for their variable as it
asks nodes (VariableNode.get_variable / get_variable_or_none): both give the Variable."""
import numpy

import chainer


class _Double(chainer.Function):
    """A v1 Function: its inputs are Variables."""

    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grad_outputs):
        return grad_outputs[0] * 2,


def test_function_inputs_answer_like_nodes():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = _Double()(x)
    for node in (y.creator.inputs[0], y.creator.inputs[0].node):
        assert node.get_variable() is y.creator.inputs[0]
        assert node.get_variable_or_none() is y.creator.inputs[0]
    assert x.get_variable() is x and x.get_variable_or_none() is x
    assert x.node.get_variable() is x
