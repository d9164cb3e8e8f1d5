"""Elementwise arccosine function: ``arccos``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Arccos(UnaryElementwise):
    """Elementwise arccosine function: ``y = arccos(x)``."""

    label = 'arccos'

    def compute(self, xp, x):
        return xp.arccos(x)

    def derivative(self, xp, x, y, gy):
        return -gy / xp.sqrt(1 - x * x)


def arccos(x):
    """Elementwise arccosine function.

    .. math:: y_i = \\arccos x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Arccos()(x)
