"""Small differentiable nodes that the double-backprop branches of the connection and
normalization functions build their gradients from (reshape, transpose, per-channel sum
and its broadcast, dtype cast), so that those gradients can be differentiated again."""
import numpy

from chainer import cuda
from chainer import function_node
from chainer import variable


def is_variable(a):
    """Whether ``a`` is a :class:`~chainer.Variable` (a double backprop's gradient)."""
    return isinstance(a, variable.Variable)


class Reshape(function_node.FunctionNode):
    """``y = x.reshape(shape)``; its gradient reshapes back."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    @property
    def shape(self):
        """The target shape (v7's ``Reshape.shape``, which exporters read)."""
        return self._shape

    def forward(self, inputs):
        self._in_shape = inputs[0].shape
        return inputs[0].reshape(self._shape),

    def backward(self, indexes, grad_outputs):
        return Reshape(self._in_shape).apply(grad_outputs)


def reshape(x, shape):
    """``x`` (a Variable) reshaped by a differentiable node (itself when unchanged)."""
    if x.shape == tuple(shape):
        return x
    return Reshape(shape).apply((x,))[0]


class Transpose(function_node.FunctionNode):
    """``y = x.transpose(axes)``; its gradient transposes back."""

    def __init__(self, axes):
        self._axes = tuple(axes)

    def forward(self, inputs):
        xp = cuda.get_array_module(inputs[0])
        return xp.ascontiguousarray(inputs[0].transpose(self._axes)),

    def backward(self, indexes, grad_outputs):
        inverse = tuple(numpy.argsort(self._axes))
        return Transpose(inverse).apply(grad_outputs)


class ChannelSum(function_node.FunctionNode):
    """``y[c] = sum x[:, c, ...]``: the bias gradient of a (de)convolution (or of
    linear, a 2-d ``x``); its gradient broadcasts back along the channel axis."""

    def forward(self, inputs):
        x = inputs[0]
        self._in_shape = x.shape
        axes = (0,) + tuple(range(2, x.ndim))
        acc = numpy.float32 if x.dtype == numpy.float16 else None
        return x.sum(axis=axes, dtype=acc).astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        return BroadcastChannel(self._in_shape).apply(grad_outputs)


class BroadcastChannel(function_node.FunctionNode):
    """``y[n, c, ...] = x[c]`` of shape ``shape``; its gradient is :class:`ChannelSum`."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def forward(self, inputs):
        xp = cuda.get_array_module(inputs[0])
        b = inputs[0].reshape((1, -1) + (1,) * (len(self._shape) - 2))
        return xp.array(xp.broadcast_to(b, self._shape)),

    def backward(self, indexes, grad_outputs):
        return ChannelSum().apply(grad_outputs)


class Cast(function_node.FunctionNode):
    """``y = x.astype(dtype)``; its gradient is cast back."""

    def __init__(self, dtype):
        self._dtype = numpy.dtype(dtype)

    def forward(self, inputs):
        self._in_dtype = inputs[0].dtype
        return inputs[0].astype(self._dtype),

    def backward(self, indexes, grad_outputs):
        return Cast(self._in_dtype).apply(grad_outputs)


def cast(x, dtype):
    """``x`` (a Variable) cast to ``dtype`` by a differentiable node (itself when it has
    that dtype)."""
    if x.dtype == dtype:
        return x
    return Cast(dtype).apply((x,))[0]


def cast_like(x, ref):
    """``x`` (a Variable) cast differentiably to the dtype of ``ref`` where it differs."""
    return cast(x, ref.dtype)


def as_variable(a):
    """``a`` as a Variable (an array becomes a constant one)."""
    if is_variable(a):
        return a
    return variable.Variable(a, requires_grad=False)
