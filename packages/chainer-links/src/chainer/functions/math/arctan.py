"""Elementwise arctangent function: ``arctan``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Arctan(UnaryElementwise):
    """Elementwise arctangent function: ``y = arctan(x)``."""

    label = 'arctan'

    def compute(self, xp, x):
        return xp.arctan(x)

    def derivative(self, xp, x, y, gy):
        return gy / (1 + x * x)


def arctan(x):
    """Elementwise arctangent function.

    .. math:: y_i = \\arctan x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Arctan()(x)
