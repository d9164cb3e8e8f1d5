"""Elementwise choice between two variables: ``where``."""
from chainer import cuda
from chainer import function
from chainer.utils import type_check


class Where(function.Function):
    """``y = x if condition else y``, elementwise; ``condition`` is not differentiable."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        c_type, x_type, y_type = in_types
        type_check.expect(
            c_type.dtype.kind == 'b',
            x_type.dtype == y_type.dtype,
            x_type.shape == c_type.shape,
            y_type.shape == c_type.shape,
        )

    def forward(self, inputs):
        c, x, y = inputs
        xp = cuda.get_array_module(x)
        return xp.where(c, x, y),

    def backward(self, inputs, grad_outputs):
        c, x, y = inputs
        gy = grad_outputs[0]
        xp = cuda.get_array_module(x)
        zero = xp.zeros((), dtype=gy.dtype)
        return None, xp.where(c, gy, zero), xp.where(c, zero, gy)


def where(condition, x, y):
    """Chooses elements depending on a condition.

    All of ``condition``, ``x`` and ``y`` must have the same shape.

    Args:
        condition (~chainer.Variable): boolean array of the condition.
        x (~chainer.Variable): values chosen where ``condition`` is True.
        y (~chainer.Variable): values chosen where ``condition`` is False.

    Returns:
        ~chainer.Variable: variable containing the chosen values.
    """
    return Where()(condition, x, y)
