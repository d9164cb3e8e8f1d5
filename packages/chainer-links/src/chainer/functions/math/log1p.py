"""Elementwise natural logarithm plus one function: ``log1p``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Log1p(UnaryElementwise):
    """Elementwise natural logarithm plus one function: ``y = log(1 + x)``."""

    label = 'log1p'

    def compute(self, xp, x):
        return xp.log1p(x)

    def derivative(self, xp, x, y, gy):
        return gy / (1 + x)


def log1p(x):
    """Elementwise natural logarithm plus one function.

    .. math:: y_i = \\ln (1 + x_i).

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Log1p()(x)
