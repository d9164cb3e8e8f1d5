"""Elementwise sign: ``sign`` (Chainer v5+)."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Sign(UnaryElementwise):
    """``y = sign(x)``: -1, 0 or 1."""

    label = 'sign'
    piecewise_constant = True

    def compute(self, xp, x):
        return xp.sign(x)


def sign(x):
    """Elementwise sign of the input (:func:`numpy.sign`).

    The function is piecewise constant: its derivatives of every order are zero
    (undefined at 0), and so is the gradient it gives.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: -1, 0 or 1, of the dtype of ``x``.
    """
    return Sign()(x)
