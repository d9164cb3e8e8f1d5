"""Elementwise cos function: ``cos``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Cos(UnaryElementwise):
    """Elementwise cos function: ``y = cos(x)``."""

    label = 'cos'

    def compute(self, xp, x):
        return xp.cos(x)

    def derivative(self, xp, x, y, gy):
        return -gy * xp.sin(x)


def cos(x):
    """Elementwise cos function.

    .. math:: y_i = \\cos x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Cos()(x)
