"""Elementwise sin function: ``sin``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Sin(UnaryElementwise):
    """Elementwise sin function: ``y = sin(x)``."""

    label = 'sin'

    def compute(self, xp, x):
        return xp.sin(x)

    def derivative(self, xp, x, y, gy):
        return gy * xp.cos(x)


def sin(x):
    """Elementwise sin function.

    .. math:: y_i = \\sin x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Sin()(x)
