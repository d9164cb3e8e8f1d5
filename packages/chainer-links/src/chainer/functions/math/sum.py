"""Sum of array elements: ``sum``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.core_functions import broadcast
from chainer.functions.math import _nodes
from chainer.functions.math._reduction import check_reduction_axes
from chainer.functions.math._reduction import expand_to_input
from chainer.functions.math._reduction import kept_shape
from chainer.functions.math._reduction import reduction_axes


class Sum(function.Function):
    """``y = sum(x, axis)``; the gradient broadcasts ``gy`` over the summed axes (with
    differentiable nodes in a double backprop)."""

    _differentiable_backward = True

    def __init__(self, axis=None, keepdims=False):
        self.axis = reduction_axes(axis)
        self.keepdims = bool(keepdims)

    def check_type_forward(self, in_types):
        check_reduction_axes(in_types, self.axis)

    def forward(self, inputs):
        x = inputs[0]
        return utils.force_array(x.sum(axis=self.axis, keepdims=self.keepdims)),

    def backward(self, inputs, grad_outputs):
        x = inputs[0]
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return broadcast_back(grad_outputs[0], x.shape, self.axis),
        xp = cuda.get_array_module(x)
        return expand_to_input(xp, grad_outputs[0], x.shape, self.axis, copy=True),


def broadcast_back(gy, x_shape, axes):
    """The Variable ``gy`` of a reduction over ``axes`` broadcast back to ``x_shape``
    with differentiable nodes."""
    gy = _nodes.reshape(gy, kept_shape(x_shape, axes))
    return broadcast.BroadcastTo(x_shape).apply((gy,))[0]


def sum(x, axis=None, keepdims=False):
    """Sum of array elements over a given axis.

    .. math:: y = \\sum_{i \\in \\mathrm{axis}} x_i.

    Args:
        x (~chainer.Variable): elements to sum.
        axis (None, int, or tuple of int): axes over which the sum is performed;
            None (the default) sums over all the dimensions of the input array.
        keepdims (bool): keep the summed axes, with length one (Chainer v1.24).

    Returns:
        ~chainer.Variable: output variable.
    """
    return Sum(axis, keepdims)(x)


#: The node of :func:`sum_to` (v7's ``chainer.functions.math.sum.SumTo``).
SumTo = broadcast.SumTo


def sum_to(x, shape):
    """Sums the elements of ``x`` down to ``shape`` (v3+): over the leading axes ``x``
    has beyond ``shape`` and over the axes where ``shape`` is 1; the inverse of
    broadcasting ``shape`` to ``x.shape``. Differentiable to any order (its gradient
    broadcasts back).

    Args:
        x (~chainer.Variable or array): input.
        shape (tuple of int): the target shape; ``x.shape`` must broadcast from it.

    Returns:
        ~chainer.Variable: output of shape ``shape`` (``x`` itself as a Variable when
        the shapes already agree).

    Raises:
        ValueError: ``shape`` does not broadcast to ``x``'s shape.
    """
    shape = tuple(int(s) for s in shape)
    x_shape = tuple(x.shape)
    lead = len(x_shape) - len(shape)
    if lead < 0 or any(s not in (1, d) for s, d in zip(shape, x_shape[lead:])):
        raise ValueError('sum_to: shape {} does not broadcast to the input shape {}'
                         .format(shape, x_shape))
    if x_shape == shape:
        return variable.as_variable(x)
    return SumTo(shape).apply((variable.as_variable(x),))[0]
