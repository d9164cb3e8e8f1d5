"""Small shape nodes the math functions build their gradients from (differentiable to
any order, unlike the v1 array functions they mirror)."""
from chainer import cuda
from chainer import function_node
from chainer.core_functions import broadcast


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


def copies_with_one(x, axis):
    """``n = x.shape[axis]`` copies of the Variable ``x`` stacked on a new axis in front
    of ``axis``, copy ``k`` with its element ``k`` along ``axis`` set to one (the
    products that leave out one factor, for the gradients of products with zeros).

    Returns:
        tuple: ``(copies, shape)``: the Variable of shape
        ``shape = x.shape[:axis] + (n,) + x.shape[axis:]``.
    """
    xp = cuda.get_array_module(x.data)
    n = x.shape[axis]
    shape = x.shape[:axis] + (n,) + x.shape[axis:]
    xs = broadcast.BroadcastTo(shape).apply(
        (reshape(x, x.shape[:axis] + (1,) + x.shape[axis:]),))[0]
    eye = xp.eye(n, dtype=x.dtype).reshape((n, n) + (1,) * (x.ndim - axis - 1))
    eye = xp.broadcast_to(eye, shape)
    return xs * (1 - eye) + eye, shape
