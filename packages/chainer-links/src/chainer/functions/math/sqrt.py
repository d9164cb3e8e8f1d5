"""Elementwise square root function: ``sqrt``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import UnaryElementwise

# Chainer v1 defined ``rsqrt`` in this module, and v1 code imports it from here.
from chainer.functions.math.rsqrt import Rsqrt  # noqa: F401
from chainer.functions.math.rsqrt import rsqrt  # noqa: F401


class Sqrt(UnaryElementwise):
    """Elementwise square root function: ``y = sqrt(x)``."""

    label = 'sqrt'

    def compute(self, xp, x):
        return xp.sqrt(x)

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('sqrt_bwd')(y, gy)
        return gy / (2 * y)

    def variable_derivative(self, x, y, gy):
        """``gy / (2 y)`` of the output Variable ``y``."""
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
