"""Scaled complementary error function: ``erfcx`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class Erfcx(ScipyUnary):
    """Scaled complementary error function, elementwise (``scipy.special.erfcx``)."""

    label = 'erfcx'
    scipy_name = 'erfcx'

    def derivative(self, xp, x, y, gy):
        return gy * (2 * x * y - x.dtype.type(2 / numpy.sqrt(numpy.pi)))


erfcx = scipy_unary_function(
    Erfcx,
    'Scaled complementary error function, elementwise.',
    'y = e^{x^2} \\mathrm{erfc}(x).')
