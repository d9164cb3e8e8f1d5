"""Elementwise tan function: ``tan``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Tan(UnaryElementwise):
    """Elementwise tan function: ``y = tan(x)``."""

    label = 'tan'

    def compute(self, xp, x):
        return xp.tan(x)

    def derivative(self, xp, x, y, gy):
        return gy * (1 + y * y)


def tan(x):
    """Elementwise tan function.

    .. math:: y_i = \\tan x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Tan()(x)
