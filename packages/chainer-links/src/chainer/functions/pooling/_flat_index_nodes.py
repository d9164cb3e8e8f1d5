"""Gradient nodes of poolings that pick one input element per output by its flat
position (v1's ``roi_pooling_2d``): scatter-add and its adjoint gather, each the other's
gradient, so the picked gradients are differentiable to any order."""
from chainer import cuda
from chainer import function_node
from chainer.functions.array import _add_at


def scatter_flat(g, index, keep, size):
    """A flat array of ``size`` zeros plus ``g[keep]`` added at ``index[keep]``
    (several outputs may pick one element: their gradients add up)."""
    xp = cuda.get_array_module(g)
    out = xp.zeros(size, dtype=g.dtype)
    _add_at.add_rows(out, index[keep], g[keep])
    return out


class FlatScatter(function_node.FunctionNode):
    """``gx`` of shape ``x_shape``: ``g`` added at the flat positions ``index`` where
    ``keep`` (the gradient of picking ``x.flat[index]``)."""

    def __init__(self, index, keep, x_shape):
        self._index = index
        self._keep = keep
        self._x_shape = tuple(x_shape)

    def forward(self, inputs):
        g, = inputs
        size = 1
        for d in self._x_shape:
            size *= d
        return scatter_flat(g, self._index, self._keep, size).reshape(self._x_shape),

    def backward(self, indexes, grad_outputs):
        return FlatGather(self._index, self._keep).apply(grad_outputs)


class FlatGather(function_node.FunctionNode):
    """``x.flat[index]`` where ``keep``, zero elsewhere (the adjoint of
    :class:`FlatScatter`)."""

    def __init__(self, index, keep):
        self._index = index
        self._keep = keep

    def forward(self, inputs):
        x, = inputs
        self._x_shape = x.shape
        xp = cuda.get_array_module(x)
        picked = x.reshape(-1)[xp.where(self._keep, self._index, 0)]
        return xp.where(self._keep, picked, xp.zeros((), dtype=x.dtype)),

    def backward(self, indexes, grad_outputs):
        return FlatScatter(self._index, self._keep, self._x_shape).apply(grad_outputs)
