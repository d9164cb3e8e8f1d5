"""Elementwise logarithm function to the base 2: ``log2``."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise


class Log2(UnaryElementwise):
    """Elementwise logarithm function to the base 2: ``y = log2(x)``."""

    label = 'log2'

    def compute(self, xp, x):
        return xp.log2(x)

    def derivative(self, xp, x, y, gy):
        return gy / (x * x.dtype.type(numpy.log(2.0)))


def log2(x):
    """Elementwise logarithm function to the base 2.

    .. math:: y_i = \\log_2 x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Log2()(x)
