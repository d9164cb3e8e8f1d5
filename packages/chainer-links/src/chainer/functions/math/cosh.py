"""Elementwise hyperbolic cosine function: ``cosh``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Cosh(UnaryElementwise):
    """Elementwise hyperbolic cosine function: ``y = cosh(x)``."""

    label = 'cosh'

    def compute(self, xp, x):
        return xp.cosh(x)

    def derivative(self, xp, x, y, gy):
        return gy * xp.sinh(x)


def cosh(x):
    """Elementwise hyperbolic cosine function.

    .. math:: y_i = \\cosh x_i.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Cosh()(x)
