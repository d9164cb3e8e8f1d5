"""Exponential Linear Unit: ``F.elu``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class ELU(UnaryElementwise):
    """Exponential Linear Unit (see :func:`elu`)."""

    def __init__(self, alpha=1.0):
        self.alpha = alpha

    def compute(self, xp, x):
        if xp is not numpy:
            return cuda.kernel('elu_fwd')(x, x.dtype.type(self.alpha))
        # expm1 of min(x, 0): precise near 0 and no overflow on the unused branch.
        neg = xp.expm1(xp.minimum(x, x.dtype.type(0)))
        return xp.where(x >= 0, x, x.dtype.type(self.alpha) * neg)

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('elu_bwd')(x, gy, x.dtype.type(self.alpha))
        # f'(x) = 1 for x >= 0 and alpha exp(x) for x < 0.
        neg = xp.exp(xp.minimum(x, x.dtype.type(0)))
        return xp.where(x >= 0, gy, gy * (x.dtype.type(self.alpha) * neg))

    def variable_derivative(self, x, y, gy):
        """``gy`` where ``x >= 0``, ``gy (y + alpha)`` (= ``gy alpha exp(x)``)
        elsewhere."""
        d = x.data
        return gy * constant_factor(x, d >= 0) + \
            gy * (y + x.dtype.type(self.alpha)) * constant_factor(x, d < 0)


def elu(x, alpha=1.0):
    """Exponential Linear Unit function.

    .. math:: f(x) = \\begin{cases} x & x \\ge 0 \\\\
              \\alpha (\\exp(x) - 1) & x < 0 \\end{cases}

    See: http://arxiv.org/abs/1511.07289

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        alpha (float): Parameter :math:`\\alpha`.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return ELU(alpha)(x)
