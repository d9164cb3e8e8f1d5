"""Elementwise exponential function: ``exp``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Exp(UnaryElementwise):
    """Elementwise exponential function: ``y = exp(x)``."""

    label = 'exp'

    def compute(self, xp, x):
        return xp.exp(x)

    def derivative(self, xp, x, y, gy):
        return gy * y


def exp(x):
    """Elementwise exponential function.

    .. math:: y_i = \\exp x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Exp()(x)
