"""Elementwise floor function: ``floor``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Floor(UnaryElementwise):
    """Elementwise floor ``y = floor(x)``; its gradient is zero."""

    label = 'floor'
    piecewise_constant = True

    def compute(self, xp, x):
        return xp.floor(x)


def floor(x):
    """Elementwise floor function: the largest integer not greater than ``x_i``.

    .. math:: y_i = \\lfloor x_i \\rfloor.

    The function is piecewise constant: backpropagation gives ``x`` a zero
    gradient, as in Chainer v1, and its derivatives of every order are zero
    (undefined at the integers, where it jumps).

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Floor()(x)
