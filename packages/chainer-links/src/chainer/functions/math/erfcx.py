"""Scaled complementary error function: ``erfcx`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class Erfcx(UnaryElementwise):
    """Scaled complementary error function, elementwise (``scipy.special.erfcx``)."""

    label = 'erfcx'

    def compute(self, xp, x):
        return special_function(xp, 'erfcx')(x)

    def derivative(self, xp, x, y, gy):
        return gy * (2 * x * y - x.dtype.type(2 / numpy.sqrt(numpy.pi)))


def erfcx(x):
    """Scaled complementary error function, elementwise.

    .. math:: y = e^{x^2} \\mathrm{erfc}(x).

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return Erfcx()(x)
