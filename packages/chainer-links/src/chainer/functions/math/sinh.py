"""Elementwise hyperbolic sine function: ``sinh``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Sinh(UnaryElementwise):
    """Elementwise hyperbolic sine function: ``y = sinh(x)``."""

    label = 'sinh'

    def compute(self, xp, x):
        return xp.sinh(x)

    def derivative(self, xp, x, y, gy):
        return gy * xp.cosh(x)


def sinh(x):
    """Elementwise hyperbolic sine function.

    .. math:: y_i = \\sinh x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Sinh()(x)
