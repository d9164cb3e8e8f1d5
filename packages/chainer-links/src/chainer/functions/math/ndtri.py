"""Inverse of the standard normal cumulative distribution function: ``ndtri``
(Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class Ndtri(UnaryElementwise):
    """Inverse of the standard normal cumulative distribution function,
    elementwise (``scipy.special.ndtri``)."""

    label = 'ndtri'

    def compute(self, xp, x):
        return special_function(xp, 'ndtri')(x)

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(numpy.sqrt(2 * numpy.pi)) * xp.exp(y * y * x.dtype.type(0.5)))


def ndtri(x):
    """Inverse of the standard normal cumulative distribution function,
    elementwise.

    .. math:: y = \\mathrm{ndtr}^{-1}(x).

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return Ndtri()(x)
