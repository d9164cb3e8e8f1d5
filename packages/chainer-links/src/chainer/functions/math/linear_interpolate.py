"""Elementwise linear interpolation: ``linear_interpolate``."""
from chainer import function
from chainer import utils
from chainer import variable
from chainer.utils import type_check


class LinearInterpolate(function.Function):
    """``f(p, x, y) = p x + (1 - p) y`` elementwise."""

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        p_type, x_type, y_type = in_types
        type_check.expect(
            p_type.dtype.kind == 'f',
            p_type.dtype == x_type.dtype,
            p_type.dtype == y_type.dtype,
            p_type.shape == x_type.shape,
            p_type.shape == y_type.shape,
        )

    def forward(self, inputs):
        p, x, y = inputs
        # p x + (1 - p) y = y + p (x - y): one multiplication, one temporary less.
        return utils.force_array(y + p * (x - y)),

    def backward(self, inputs, grad_outputs):
        p, x, y = inputs
        g = grad_outputs[0]
        gx = g * p
        if isinstance(g, variable.Variable):  # a double backprop
            return g * (x - y), gx, g - gx
        return (utils.force_array(g * (x - y)), utils.force_array(gx),
                utils.force_array(g - gx))


def linear_interpolate(p, x, y):
    """Elementwise linear-interpolation function.

    .. math:: f(p, x, y) = p x + (1 - p) y.

    Args:
        p (~chainer.Variable): input variable (the weight of ``x``).
        x (~chainer.Variable): input variable.
        y (~chainer.Variable): input variable.

    Returns:
        ~chainer.Variable: output variable.
    """
    return LinearInterpolate()(p, x, y)
