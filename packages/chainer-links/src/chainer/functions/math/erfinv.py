"""Inverse function of the error function: ``erfinv`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class ErfInv(ScipyUnary):
    """Inverse function of the error function, elementwise (``scipy.special.erfinv``)."""

    label = 'erfinv'
    scipy_name = 'erfinv'

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(numpy.sqrt(numpy.pi) / 2) * xp.exp(y * y))


erfinv = scipy_unary_function(
    ErfInv,
    'Inverse function of the error function, elementwise.',
    'y = \\mathrm{erf}^{-1}(x).')
