"""Hyperbolic tangent: ``F.tanh`` (spec 001 §3.4.1)."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Tanh(UnaryElementwise):
    """Elementwise hyperbolic tangent :math:`f(x) = \\tanh(x)`."""

    def __init__(self, use_cudnn=True):
        self.use_cudnn = use_cudnn

    def compute(self, xp, x):
        return xp.tanh(x)

    def derivative(self, xp, x, y, gy):
        # d tanh(x) / dx = 1 - tanh(x)^2
        return gy * (1 - y * y)


def tanh(x, use_cudnn=True):
    """Elementwise hyperbolic tangent function :math:`f(x) = \\tanh(x)`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool): Accepted for compatibility; the GPU path is the
            array-generic elementwise code.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Tanh(use_cudnn)(x)
