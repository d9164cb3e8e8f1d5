"""isinstance(f, chainer.Function) asks v2+'s question, "old-style (not differentiable
twice)?": a v1 Function whose backward also works on Variables counts as a FunctionNode."""
import numpy

import chainer
from chainer import function
from chainer import function_node


class _ArraysOnly(chainer.Function):
    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, inputs, grad_outputs):
        return grad_outputs[0] * 2,


class _TwiceDifferentiable(_ArraysOnly):
    _differentiable_backward = True


class _Node(chainer.FunctionNode):
    def forward(self, inputs):
        return inputs[0] * 2,

    def backward(self, indexes, grad_outputs):
        return grad_outputs[0] * 2,


def test_old_style_function_is_a_function():
    f = _ArraysOnly()
    assert isinstance(f, chainer.Function) and isinstance(f, function.Function)
    assert not isinstance(f, chainer.FunctionNode)
    assert isinstance(f, _ArraysOnly)


def test_twice_differentiable_function_counts_as_a_function_node():
    f = _TwiceDifferentiable()
    assert not isinstance(f, chainer.Function)
    assert isinstance(f, chainer.FunctionNode) and isinstance(f, function_node.FunctionNode)
    # its own classes and the class hierarchy are unchanged
    assert isinstance(f, _TwiceDifferentiable) and isinstance(f, _ArraysOnly)
    assert issubclass(_TwiceDifferentiable, chainer.Function)
    assert not issubclass(_TwiceDifferentiable, chainer.FunctionNode)


def test_function_node_and_other_objects():
    assert isinstance(_Node(), chainer.FunctionNode)
    assert not isinstance(_Node(), chainer.Function)
    for obj in (object(), 1, None, chainer.Variable(numpy.zeros(1, numpy.float32))):
        assert not isinstance(obj, chainer.Function)
        assert not isinstance(obj, chainer.FunctionNode)


def _old_style_creators(outputs):
    """What v7 code (ChainerRL's TRPO) walks the graph for: old-style creators."""
    found = []
    for v in outputs:
        if v.creator is None:
            continue
        if isinstance(v.creator, chainer.Function):
            found.append(v.creator)
        else:
            assert isinstance(v.creator, chainer.FunctionNode)
        found.extend(_old_style_creators(v.creator.inputs))
    return found


def test_graph_of_twice_differentiable_functions_has_no_old_style_creator():
    x = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    y = (x * x * 2 + x) / 3  # the core operators are twice differentiable v1 Functions
    assert isinstance(y.creator, chainer.FunctionNode)
    assert _old_style_creators([y]) == []
    ones = numpy.ones(3, numpy.float32)
    gx, = chainer.grad([y], [x], grad_outputs=[ones], enable_double_backprop=True)
    gx2, = chainer.grad([gx], [x], grad_outputs=[ones])
    numpy.testing.assert_allclose(gx.array, (4 * x.array + 1) / 3, rtol=1e-6)
    numpy.testing.assert_allclose(gx2.array, numpy.full(3, 4 / 3, numpy.float32), rtol=1e-6)


def test_graph_with_an_array_only_function_reports_it():
    x = chainer.Variable(numpy.arange(3, dtype=numpy.float32))
    y = _ArraysOnly()(x) * 2
    found = _old_style_creators([y])
    assert len(found) == 1 and type(found[0]) is _ArraysOnly
