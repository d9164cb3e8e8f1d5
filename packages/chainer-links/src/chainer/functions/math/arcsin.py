"""Elementwise arcsine function: ``arcsin``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Arcsin(UnaryElementwise):
    """Elementwise arcsine function: ``y = arcsin(x)``."""

    label = 'arcsin'

    def compute(self, xp, x):
        return xp.arcsin(x)

    def derivative(self, xp, x, y, gy):
        return gy / xp.sqrt(1 - x * x)


def arcsin(x):
    """Elementwise arcsine function.

    .. math:: y_i = \\arcsin x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Arcsin()(x)
