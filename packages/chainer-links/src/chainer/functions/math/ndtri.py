"""Inverse of the standard normal cumulative distribution function: ``ndtri``
(Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class Ndtri(ScipyUnary):
    """Inverse of the standard normal cumulative distribution function,
    elementwise (``scipy.special.ndtri``)."""

    label = 'ndtri'
    scipy_name = 'ndtri'

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(numpy.sqrt(2 * numpy.pi)) * xp.exp(y * y * x.dtype.type(0.5)))


ndtri = scipy_unary_function(
    Ndtri,
    'Inverse of the standard normal cumulative distribution function,\n    elementwise.',
    'y = \\mathrm{ndtr}^{-1}(x).')
