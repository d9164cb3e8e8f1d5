"""Elementwise logarithm function to the base 10: ``log10``."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise


class Log10(UnaryElementwise):
    """Elementwise logarithm function to the base 10: ``y = log10(x)``."""

    label = 'log10'

    def compute(self, xp, x):
        return xp.log10(x)

    def derivative(self, xp, x, y, gy):
        return gy / (x * x.dtype.type(numpy.log(10.0)))


def log10(x):
    """Elementwise logarithm function to the base 10.

    .. math:: y_i = \\log_{10} x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Log10()(x)
