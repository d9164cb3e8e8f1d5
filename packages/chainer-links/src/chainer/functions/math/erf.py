"""Error function: ``erf`` (Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class Erf(ScipyUnary):
    """Error function, elementwise (``scipy.special.erf``)."""

    label = 'erf'
    scipy_name = 'erf'

    def derivative(self, xp, x, y, gy):
        return gy * (x.dtype.type(2 / numpy.sqrt(numpy.pi)) * xp.exp(-x * x))


erf = scipy_unary_function(
    Erf,
    'Error function, elementwise.',
    'y = \\frac{2}{\\sqrt{\\pi}} \\int_0^x e^{-t^2} dt.')
