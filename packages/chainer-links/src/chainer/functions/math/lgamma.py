"""Logarithm of the absolute value of the gamma function: ``lgamma`` (Chainer v5+;
needs SciPy on the CPU)."""
from chainer.functions.math._scipy_unary import ScipyUnary
from chainer.functions.math._special import special_function


class LGamma(ScipyUnary):
    """``y = log |Gamma(x)|`` elementwise; its derivative is the digamma function."""

    label = 'lgamma'
    scipy_name = 'gammaln'

    def derivative(self, xp, x, y, gy):
        return gy * special_function(xp, 'digamma')(x)

    def variable_derivative(self, x, y, gy):
        """``gy * digamma(x)``."""
        from chainer.functions.math.digamma import digamma
        return gy * digamma(x)


def lgamma(x):
    """Logarithm of the absolute value of the gamma function, elementwise.

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.

    Returns:
        ~chainer.Variable: ``log |Gamma(x)|``, of the dtype of ``x``; differentiable
        to any order (through :func:`digamma` and :func:`polygamma`).

    Raises:
        ImportError: on the CPU when SciPy is not installed.
    """
    return LGamma()(x)
