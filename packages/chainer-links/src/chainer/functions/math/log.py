"""Elementwise natural logarithm function: ``log``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Log(UnaryElementwise):
    """Elementwise natural logarithm function: ``y = log(x)``."""

    label = 'log'

    def compute(self, xp, x):
        return xp.log(x)

    def derivative(self, xp, x, y, gy):
        return gy / x


def log(x):
    """Elementwise natural logarithm function.

    .. math:: y_i = \\ln x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Log()(x)
