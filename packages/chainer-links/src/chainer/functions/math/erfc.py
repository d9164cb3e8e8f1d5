"""Complementary error function: ``erfc`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class Erfc(UnaryElementwise):
    """Complementary error function, elementwise (``scipy.special.erfc``)."""

    label = 'erfc'

    def compute(self, xp, x):
        return special_function(xp, 'erfc')(x)

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(-2 / numpy.sqrt(numpy.pi)) * xp.exp(-x * x))


def erfc(x):
    """Complementary error function, elementwise.

    .. math:: y = 1 - \\mathrm{erf}(x).

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return Erfc()(x)
