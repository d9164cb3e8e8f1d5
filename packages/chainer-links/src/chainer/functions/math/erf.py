"""Error function: ``erf`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class Erf(UnaryElementwise):
    """Error function, elementwise (``scipy.special.erf``)."""

    label = 'erf'

    def compute(self, xp, x):
        return special_function(xp, 'erf')(x)

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(2 / numpy.sqrt(numpy.pi)) * xp.exp(-x * x))


def erf(x):
    """Error function, elementwise.

    .. math:: y = \\frac{2}{\\sqrt{\\pi}} \\int_0^x e^{-t^2} dt.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return Erf()(x)
