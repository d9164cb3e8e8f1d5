"""Leaky Rectified Linear Unit: ``F.leaky_relu``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class LeakyReLU(UnaryElementwise):
    """Leaky ReLU: :math:`f(x) = x` for :math:`x \\ge 0` and :math:`a x` otherwise."""

    def __init__(self, slope=0.2):
        self.slope = slope

    def compute(self, xp, x):
        if xp is not numpy:
            return cuda.kernel('leaky_relu_fwd')(x, x.dtype.type(self.slope))
        return xp.where(x >= 0, x, x * x.dtype.type(self.slope))

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('leaky_relu_bwd')(x, gy, x.dtype.type(self.slope))
        return xp.where(x >= 0, gy, gy * gy.dtype.type(self.slope))

    def variable_derivative(self, x, y, gy):
        """``gy`` where ``x >= 0``, ``slope * gy`` elsewhere; the second derivative
        is zero (undefined at 0)."""
        d = x.data
        factor = constant_factor(x, d >= 0) + constant_factor(x, d < 0, self.slope)
        return gy * factor


def leaky_relu(x, slope=0.2):
    """Leaky Rectified Linear Unit function.

    .. math:: f(x) = \\begin{cases} x & x \\ge 0 \\\\ a x & x < 0 \\end{cases}

    which is :math:`\\max(x, ax)` for the usual slopes :math:`0 \\le a \\le 1`.

    The function is piecewise linear: its second derivative in ``x`` is zero
    almost everywhere (undefined at 0), and a double backprop gives
    ``x`` a zero second-order gradient.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        slope (float): Slope value :math:`a`.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return LeakyReLU(slope)(x)
