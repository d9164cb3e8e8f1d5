"""Inverse of the complementary error function: ``erfcinv`` (Chainer v3+; needs
SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class ErfcInv(UnaryElementwise):
    """Inverse of the complementary error function, elementwise
    (``scipy.special.erfcinv``)."""

    label = 'erfcinv'

    def compute(self, xp, x):
        return special_function(xp, 'erfcinv')(x)

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(-numpy.sqrt(numpy.pi) / 2) * xp.exp(y * y))


def erfcinv(x):
    """Inverse function of the complementary error function, elementwise.

    .. math:: y = \\mathrm{erfc}^{-1}(x).

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return ErfcInv()(x)
