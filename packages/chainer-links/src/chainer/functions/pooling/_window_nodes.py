"""The window operations of the poolings as differentiable nodes, for a double
backprop: each node's gradient is its adjoint node (window sum <-> spread, select <->
scatter), so the gradients of the poolings are differentiable to any order. The
ordinary backward of the poolings stays on arrays."""
from chainer import function_node
from chainer import utils
from chainer.functions.pooling import _windows


class WindowSum(function_node.FunctionNode):
    """``y[n, c, o] = scale * sum of the window o of x`` (zero padding)."""

    def __init__(self, ksize, stride, pad, cover_all, scale=1.0):
        self._geometry = (ksize, stride, pad)
        self._cover_all = cover_all
        self._scale = scale

    def forward(self, inputs):
        x, = inputs
        self._dims = x.shape[2:]
        y = _windows.window_sum(x, *self._geometry, cover_all=self._cover_all)
        if self._scale != 1:
            y = y * x.dtype.type(self._scale)
        return utils.force_array(y),

    def backward(self, indexes, grad_outputs):
        return Spread(*self._geometry, dims=self._dims, cover_all=self._cover_all,
                      scale=self._scale).apply(grad_outputs)


class Spread(function_node.FunctionNode):
    """Adds ``scale * g[n, c, o]`` to every position of the window ``o`` (the adjoint
    of :class:`WindowSum`) in an image of spatial size ``dims``."""

    def __init__(self, ksize, stride, pad, dims, cover_all, scale=1.0):
        self._geometry = (ksize, stride, pad)
        self._dims = tuple(dims)
        self._cover_all = cover_all
        self._scale = scale

    def forward(self, inputs):
        g, = inputs
        if self._scale != 1:
            g = g * g.dtype.type(self._scale)
        return _windows.spread(g, *self._geometry, dims=self._dims),

    def backward(self, indexes, grad_outputs):
        return WindowSum(*self._geometry, cover_all=self._cover_all,
                         scale=self._scale).apply(grad_outputs)


class Select(function_node.FunctionNode):
    """``y[n, c, o] = x[n, c, position indexes[n, c, o] of the window o]``."""

    def __init__(self, indexes, ksize, stride, pad, cover_all):
        self._indexes = indexes
        self._geometry = (ksize, stride, pad)
        self._cover_all = cover_all

    def forward(self, inputs):
        x, = inputs
        self._dims = x.shape[2:]
        return _windows.select(x, self._indexes, *self._geometry,
                               cover_all=self._cover_all),

    def backward(self, indexes, grad_outputs):
        return Scatter(self._indexes, *self._geometry, dims=self._dims,
                       cover_all=self._cover_all).apply(grad_outputs)


class Scatter(function_node.FunctionNode):
    """Adds ``g[n, c, o]`` at the position ``indexes[n, c, o]`` of the window ``o``
    (the adjoint of :class:`Select`; the gradient of max pooling)."""

    def __init__(self, indexes, ksize, stride, pad, dims, cover_all):
        self._indexes = indexes
        self._geometry = (ksize, stride, pad)
        self._dims = tuple(dims)
        self._cover_all = cover_all

    def forward(self, inputs):
        g, = inputs
        return _windows.scatter(g, self._indexes, *self._geometry, dims=self._dims),

    def backward(self, indexes, grad_outputs):
        return Select(self._indexes, *self._geometry,
                      cover_all=self._cover_all).apply(grad_outputs)
