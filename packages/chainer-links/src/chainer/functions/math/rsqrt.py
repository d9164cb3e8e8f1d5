"""Elementwise reciprocal of the square root: ``rsqrt``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Rsqrt(UnaryElementwise):
    """Elementwise reciprocal of the square root: ``y = 1 / sqrt(x)``."""

    label = 'rsqrt'

    def compute(self, xp, x):
        return 1 / xp.sqrt(x)

    def derivative(self, xp, x, y, gy):
        return gy * (-0.5 * y * y * y)


def rsqrt(x):
    """Elementwise reciprocal of the square root.

    .. math:: y_i = \\frac{1}{\\sqrt{x_i}}.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Rsqrt()(x)
