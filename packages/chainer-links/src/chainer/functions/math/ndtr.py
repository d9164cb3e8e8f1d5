"""Cumulative distribution function of the standard normal distribution: ``ndtr``
(Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class Ndtr(UnaryElementwise):
    """Cumulative distribution function of the standard normal distribution,
    elementwise (``scipy.special.ndtr``)."""

    label = 'ndtr'

    def compute(self, xp, x):
        return special_function(xp, 'ndtr')(x)

    def derivative(self, xp, x, y, gy):
        c = x.dtype.type(1 / numpy.sqrt(2 * numpy.pi))
        return gy * (c * xp.exp(x * x * x.dtype.type(-0.5)))


def ndtr(x):
    """Cumulative distribution function of the standard normal distribution, elementwise.

    .. math:: y = \\frac{1}{\\sqrt{2\\pi}} \\int_{-\\infty}^x e^{-t^2/2} dt.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return Ndtr()(x)
