"""Broadcasting for the operators: an operand broadcast in forward gets the sum of its
gradient over the broadcast axes (``sum_to``), and the gradient of that sum is a
broadcast again, so both are differentiable to any order."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import array as array_utils


def _sum_to_array(g, shape):
    """``g`` summed over the leading and the stretched axes down to ``shape``."""
    return utils.force_array(array_utils.sum_to(g, shape))


class SumTo(function_node.FunctionNode):
    """``y = sum_to(x, shape)``; its gradient broadcasts back."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward(self, inputs):
        self._in_shape = inputs[0].shape
        return _sum_to_array(inputs[0], self._shape),

    def backward(self, indexes, grad_outputs):
        return BroadcastTo(self._in_shape).apply(grad_outputs)


class BroadcastTo(function_node.FunctionNode):
    """``y = broadcast_to(x, shape)``; its gradient sums back."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward(self, inputs):
        self._in_shape = inputs[0].shape
        xp = cuda.get_array_module(inputs[0])
        return xp.array(xp.broadcast_to(inputs[0], self._shape)),

    def backward(self, indexes, grad_outputs):
        return SumTo(self._in_shape).apply(grad_outputs)


def sum_to(g, shape):
    """The gradient ``g`` (an array or a Variable) summed down to ``shape``."""
    if g.shape == tuple(shape):
        return g
    if isinstance(g, function_node._graph.Variable):
        return SumTo(shape).apply((g,))[0]
    return _sum_to_array(g, shape)
