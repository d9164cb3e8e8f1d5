"""Elementwise square root function: ``sqrt``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import UnaryElementwise


class Sqrt(UnaryElementwise):
    """Elementwise square root function: ``y = sqrt(x)``."""

    def compute(self, xp, x):
        return xp.sqrt(x)

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('sqrt_bwd')(y, gy)
        return gy / (2 * y)


def sqrt(x):
    """Elementwise square root function.

    .. math:: y_i = \\sqrt{x_i}.

    A negative ``x_i`` gives NaN for ``y_i``, as in NumPy and CuPy.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Sqrt()(x)
