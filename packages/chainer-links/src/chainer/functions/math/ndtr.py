"""Cumulative distribution function of the standard normal distribution: ``ndtr``
(Chainer v3+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._scipy_unary import scipy_unary_function


class Ndtr(ScipyUnary):
    """Cumulative distribution function of the standard normal distribution,
    elementwise (``scipy.special.ndtr``)."""

    label = 'ndtr'
    scipy_name = 'ndtr'

    def derivative(self, xp, x, y, gy):
        c = x.dtype.type(1 / numpy.sqrt(2 * numpy.pi))
        return gy * (c * xp.exp(x * x * x.dtype.type(-0.5)))


ndtr = scipy_unary_function(
    Ndtr,
    'Cumulative distribution function of the standard normal distribution, elementwise.',
    'y = \\frac{1}{\\sqrt{2\\pi}} \\int_{-\\infty}^x e^{-t^2/2} dt.')
