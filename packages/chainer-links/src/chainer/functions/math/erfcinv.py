"""Inverse of the complementary error function: ``erfcinv`` (Chainer v3+; needs
SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class ErfcInv(ScipyUnary):
    """Inverse of the complementary error function, elementwise
    (``scipy.special.erfcinv``)."""

    label = 'erfcinv'
    scipy_name = 'erfcinv'

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(-numpy.sqrt(numpy.pi) / 2) * xp.exp(y * y))


erfcinv = scipy_unary_function(
    ErfcInv,
    'Inverse function of the complementary error function, elementwise.',
    'y = \\mathrm{erfc}^{-1}(x).')
