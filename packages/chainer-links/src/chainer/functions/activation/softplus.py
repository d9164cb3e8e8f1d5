"""Softplus: ``F.softplus``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.activation.sigmoid import _sigmoid


class Softplus(UnaryElementwise):
    """Elementwise softplus :math:`f(x) = \\frac{1}{\\beta}\\log(1 + \\exp(\\beta x))`."""

    def __init__(self, beta=1.0):
        if beta == 0:
            raise ValueError('beta must be nonzero, got {}'.format(beta))
        self.beta = beta

    def compute(self, xp, x):
        if xp is not numpy:
            return cuda.kernel('softplus_fwd')(x, x.dtype.type(self.beta))
        t = x.dtype.type
        bx = x * t(self.beta)
        # log(1 + e^u) = max(u, 0) + log1p(e^-|u|): never overflows, exact for large u.
        y = xp.log1p(xp.exp(-abs(bx)))
        y += xp.maximum(bx, t(0))
        y *= t(1.0 / self.beta)
        return y

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('softplus_bwd')(x, gy, x.dtype.type(self.beta))
        # f'(x) = sigmoid(beta x)
        return gy * _sigmoid(x * x.dtype.type(self.beta))

    def variable_derivative(self, x, y, gy):
        """``gy sigmoid(beta x)``."""
        from chainer.functions.activation.sigmoid import sigmoid
        return gy * sigmoid(x * x.dtype.type(self.beta))


def softplus(x, beta=1.0):
    """Elementwise softplus function.

    .. math:: f(x) = \\frac{1}{\\beta} \\log(1 + \\exp(\\beta x))

    Computed stably for large :math:`|\\beta x|`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        beta (float): Parameter :math:`\\beta` (nonzero).

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Softplus(beta)(x)
