"""Digamma function: ``digamma`` (Chainer v5+; needs SciPy on the CPU)."""
import numpy

from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._special import special_function


class DiGamma(ScipyUnary):
    """``y = psi(x) = d/dx log Gamma(x)`` elementwise; its derivative is
    ``polygamma(1, x)``."""

    label = 'digamma'
    scipy_name = 'digamma'

    def derivative(self, xp, x, y, gy):
        return gy * special_function(xp, 'polygamma')(1, x)

    def variable_derivative(self, x, y, gy):
        """``gy * polygamma(1, x)``."""
        from chainer.functions.math.polygamma import polygamma
        return gy * polygamma(numpy.ones((), numpy.int32), x)


def digamma(x):
    """Digamma function (the derivative of the log-gamma function), elementwise.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: ``psi(x)``, of the dtype of ``x``; differentiable to any
        order.

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return DiGamma()(x)
