"""Elementwise exponential minus one: ``expm1`` (Chainer v1's module name)."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Expm1(UnaryElementwise):
    """Elementwise exponential minus one: ``y = exp(x) - 1``."""

    label = 'expm1'

    def compute(self, xp, x):
        return xp.expm1(x)

    def derivative(self, xp, x, y, gy):
        # exp(x) = y + 1, precise also where y is tiny
        return gy * (y + 1)


def expm1(x):
    """Elementwise exponential minus one function.

    .. math:: y_i = \\exp(x_i) - 1,

    accurate for ``x`` near zero.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Expm1()(x)
