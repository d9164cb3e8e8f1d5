"""Small shape nodes the math functions build their gradients from (differentiable to
any order, unlike the v1 array functions they mirror)."""
from chainer import function_node


class ReshapeNode(function_node.FunctionNode):
    """``y = x.reshape(shape)``; its gradient is reshaped back."""

    def __init__(self, shape):
        self.shape = tuple(shape)

    @property
    def label(self):
        return 'Reshape'

    def forward(self, inputs):
        self._in_shape = inputs[0].shape
        return inputs[0].reshape(self.shape),

    def backward(self, indexes, grad_outputs):
        return ReshapeNode(self._in_shape).apply(grad_outputs)


def reshape(x, shape):
    """``x`` (a Variable or an array) reshaped with a :class:`ReshapeNode`, or ``x``
    itself when it has the shape already."""
    if tuple(x.shape) == tuple(shape):
        return x
    return ReshapeNode(shape).apply((x,))[0]
