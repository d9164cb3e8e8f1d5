"""Elementwise product with Caffe-style broadcasting: ``scale``."""
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions._axis import check_int
from chainer.functions.math._axis_broadcast import assert_aligned_in_debug_mode
from chainer.functions.math._axis_broadcast import check_axis_broadcast
from chainer.functions.math._axis_broadcast import expanded_shape
from chainer.functions.math._axis_broadcast import outer_axes
from chainer.functions.math import _nodes


class Scale(function.Function):
    """``z = x * y`` with ``y`` aligned to the axes of ``x`` starting at ``axis``."""

    _differentiable_backward = True

    def __init__(self, axis=1):
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        check_axis_broadcast(in_types, self.axis)

    def forward(self, inputs):
        x, y = inputs
        return x * y.reshape(expanded_shape(x.ndim, y.shape, self.axis)),

    def backward(self, inputs, grad_outputs):
        x, y = inputs
        gz = grad_outputs[0]
        if isinstance(gz, variable.Variable):  # a double backprop
            from chainer.functions.math.sum import sum as _sum
            y_b = _nodes.reshape(y, expanded_shape(x.ndim, y.shape, self.axis))
            gy = _sum(gz * x, axis=outer_axes(x.ndim, y.ndim, self.axis))
            return gz * y_b, _nodes.reshape(gy, y.shape)
        y_b = y.reshape(expanded_shape(x.ndim, y.shape, self.axis))
        gy = (gz * x).sum(axis=outer_axes(x.ndim, y.ndim, self.axis)).reshape(y.shape)
        return gz * y_b, utils.force_array(gy)


def scale(x, y, axis=1):
    """Elementwise product with broadcasting.

    The shape of ``y`` is broadcast to the shape of ``x``; ``axis`` is the first axis
    of ``x`` along which ``y`` is applied. For ``x`` of shape ``(100, 3, 40, 60)``,
    ``y`` of shape ``(3, 40)`` and ``axis=1``, ``y`` acts as an array of shape
    ``(1, 3, 40, 1)`` (broadcasting as in Caffe's scale layer).

    .. math:: z_{a, b, c} = x_{a, b, c}\\, y_b.

    Args:
        x (~chainer.Variable): input variable to be scaled.
        y (~chainer.Variable): input variable to scale, broadcast.
        axis (int): the first axis of ``x`` along which ``y`` is applied.

    Returns:
        ~chainer.Variable: output variable, of the shape of ``x``.
    """
    assert_aligned_in_debug_mode(x, y, axis)
    return Scale(axis)(x, y)
