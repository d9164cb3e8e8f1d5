"""Elementwise ceiling function: ``ceil``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Ceil(UnaryElementwise):
    """Elementwise ceiling ``y = ceil(x)``; its gradient is zero."""

    label = 'ceil'
    piecewise_constant = True

    def compute(self, xp, x):
        return xp.ceil(x)


def ceil(x):
    """Elementwise ceiling function: the smallest integer not less than ``x_i``.

    .. math:: y_i = \\lceil x_i \\rceil.

    The function is piecewise constant: backpropagation gives ``x`` a zero
    gradient, as in Chainer v1, and its derivatives of every order are zero
    (undefined at the integers, where it jumps).

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Ceil()(x)
