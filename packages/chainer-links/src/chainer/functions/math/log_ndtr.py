"""Logarithm of the standard normal cumulative distribution function:
``log_ndtr`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions._unary_elementwise import UnaryElementwise
from chainer.functions.math._special import special_function


class LogNdtr(UnaryElementwise):
    """Logarithm of the standard normal cumulative distribution function,
    elementwise (``scipy.special.log_ndtr``)."""

    label = 'log_ndtr'

    def compute(self, xp, x):
        return special_function(xp, 'log_ndtr')(x)

    def derivative(self, xp, x, y, gy):
        c = x.dtype.type(1 / numpy.sqrt(2 * numpy.pi))
        return gy * (c * xp.exp(x * x * x.dtype.type(-0.5) - y))


def log_ndtr(x):
    """Logarithm of the standard normal cumulative distribution function,
    elementwise.

    .. math:: y = \\log \\mathrm{ndtr}(x).

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return LogNdtr()(x)
