"""Elementwise inverse hyperbolic tangent: ``arctanh`` (Chainer v6+)."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Arctanh(UnaryElementwise):
    """``y = arctanh(x)``; ``dy/dx = 1 / (1 - x^2)``."""

    label = 'arctanh'

    def compute(self, xp, x):
        return xp.arctanh(x)

    def derivative(self, xp, x, y, gy):
        return gy / (1 - x * x)


def arctanh(x):
    """Elementwise inverse hyperbolic tangent function.

    Args:
        x (~chainer.Variable or array): input in ``(-1, 1)``, floating point.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.
    """
    return Arctanh()(x)
