"""Elementwise square function: ``square``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Square(UnaryElementwise):
    """Elementwise square function: ``y = x ** 2``."""

    label = 'square'

    def compute(self, xp, x):
        return x * x

    def derivative(self, xp, x, y, gy):
        return gy * (2 * x)


def square(x):
    """Elementwise square function.

    .. math:: y_i = x_i ^ 2.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Square()(x)
