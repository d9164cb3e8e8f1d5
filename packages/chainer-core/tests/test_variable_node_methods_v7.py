"""A v1 Function's inputs are Variables; v2+ code asks them for their variable as it
asks nodes (VariableNode.get_variable / get_variable_or_none): both give the Variable."""
import numpy

import chainer
import chainer.functions as F


def test_function_inputs_answer_like_nodes():
    x = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = F.sum(x * 2)
    for node in (y.creator.inputs[0], y.creator.inputs[0].node):
        assert node.get_variable() is y.creator.inputs[0]
        assert node.get_variable_or_none() is y.creator.inputs[0]
    assert x.get_variable() is x and x.get_variable_or_none() is x
    assert x.node.get_variable() is x
