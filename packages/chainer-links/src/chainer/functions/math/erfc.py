"""Complementary error function: ``erfc`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class Erfc(ScipyUnary):
    """Complementary error function, elementwise (``scipy.special.erfc``)."""

    label = 'erfc'
    scipy_name = 'erfc'

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(-2 / numpy.sqrt(numpy.pi)) * xp.exp(-x * x))


erfc = scipy_unary_function(
    Erfc,
    'Complementary error function, elementwise.',
    'y = 1 - \\mathrm{erf}(x).')
