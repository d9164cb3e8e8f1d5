"""Hard sigmoid: ``F.hard_sigmoid``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class HardSigmoid(UnaryElementwise):
    """Elementwise hard sigmoid :math:`f(x) = \\min(\\max(0.2 x + 0.5, 0), 1)`."""

    def compute(self, xp, x):
        if xp is not numpy:
            return cuda.kernel('hard_sigmoid_fwd')(x)
        t = x.dtype.type
        y = x * t(0.2)
        y += t(0.5)
        return xp.clip(y, t(0), t(1))

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('hard_sigmoid_bwd')(x, gy)
        # Slope 0.2 strictly inside (-2.5, 2.5), flat outside.
        inside = (x > -2.5) & (x < 2.5)
        return gy * (inside * gy.dtype.type(0.2))

    def variable_derivative(self, x, y, gy):
        """``0.2 gy`` inside ``(-2.5, 2.5)``, 0 outside; the second derivative is
        zero (undefined at the bounds)."""
        d = x.data
        return gy * constant_factor(x, (d > -2.5) & (d < 2.5), 0.2)


def hard_sigmoid(x):
    """Elementwise hard-sigmoid function.

    .. math:: f(x) = \\begin{cases} 0 & x < -2.5 \\\\ 0.2 x + 0.5 & -2.5 < x < 2.5
              \\\\ 1 & 2.5 < x \\end{cases}

    (Chainer v1.14's documentation prints the bounds as 0.25, a typo: the line
    ``0.2 x + 0.5`` reaches 0 and 1 at -2.5 and 2.5.)

    The function is piecewise linear: its second derivative in ``x`` is zero
    almost everywhere (undefined at -2.5 and 2.5), and a double backprop gives
    ``x`` a zero second-order gradient.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return HardSigmoid()(x)
