"""Elementwise rounding toward zero: ``fix`` (Chainer v5+)."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Fix(UnaryElementwise):
    """``y = fix(x)``, ``x`` rounded toward zero."""

    label = 'fix'
    piecewise_constant = True

    def compute(self, xp, x):
        return xp.fix(x)


def fix(x):
    """Elementwise rounding toward zero (:func:`numpy.fix`).

    The function is piecewise constant: its derivatives of every order are zero
    (undefined at the integers, where it jumps), and so is the gradient it gives.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``.
    """
    return Fix()(x)
