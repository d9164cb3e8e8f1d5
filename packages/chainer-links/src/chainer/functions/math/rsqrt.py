"""Elementwise reciprocal of the square root: ``rsqrt``."""
import numpy

from chainer import variable
from chainer.functions._unary_elementwise import UnaryElementwise


class Rsqrt(UnaryElementwise):
    """Elementwise reciprocal of the square root: ``y = 1 / sqrt(x)``."""

    label = 'rsqrt'

    def compute(self, xp, x):
        return 1 / xp.sqrt(x)

    def derivative(self, xp, x, y, gy):
        return gy * (-0.5 * y * y * y)


class RsqrtGPU(Rsqrt):
    """The one-node ``1 / sqrt(x)`` that :func:`rsqrt` applies to GPU arrays, under
    its Chainer v7 name (on the host, as in v1 and v7, :func:`rsqrt` is
    ``1.0 / sqrt(x)``: a :class:`~chainer.functions.math.sqrt.Sqrt` node and a
    division)."""


def rsqrt(x):
    """Elementwise reciprocal of the square root.

    .. math:: y_i = \\frac{1}{\\sqrt{x_i}}.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    On host arrays this is ``1.0 / sqrt(x)`` (two nodes, as in Chainer v1 and v7);
    on GPU arrays one :class:`RsqrtGPU` node.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    data = variable.as_array(x)
    if isinstance(data, numpy.ndarray) or numpy.isscalar(data):
        from chainer.functions.math.sqrt import sqrt
        return 1.0 / sqrt(x)
    return RsqrtGPU()(x)
