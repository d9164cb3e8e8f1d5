"""Logarithm of the standard normal cumulative distribution function:
``log_ndtr`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class LogNdtr(ScipyUnary):
    """Logarithm of the standard normal cumulative distribution function,
    elementwise (``scipy.special.log_ndtr``)."""

    label = 'log_ndtr'
    scipy_name = 'log_ndtr'

    def derivative(self, xp, x, y, gy):
        c = x.dtype.type(1 / numpy.sqrt(2 * numpy.pi))
        return gy * (c * xp.exp(x * x * x.dtype.type(-0.5) - y))


log_ndtr = scipy_unary_function(
    LogNdtr,
    'Logarithm of the standard normal cumulative distribution function,\n    elementwise.',
    'y = \\log \\mathrm{ndtr}(x).')
