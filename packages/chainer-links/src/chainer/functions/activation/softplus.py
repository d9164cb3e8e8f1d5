"""Softplus: ``F.softplus`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.functions.activation.sigmoid import _sigmoid
from chainer.utils import type_check


class Softplus(function.Function):
    """Elementwise softplus :math:`f(x) = \\frac{1}{\\beta}\\log(1 + \\exp(\\beta x))`."""

    def __init__(self, beta=1.0):
        if beta == 0:
            raise ValueError('beta must be nonzero, got {}'.format(beta))
        self.beta = beta

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        t = x.dtype.type
        bx = x * t(self.beta)
        # log(1 + e^u) = max(u, 0) + log1p(e^-|u|): never overflows, exact for large u.
        y = xp.log1p(xp.exp(-abs(bx)))
        y += xp.maximum(bx, t(0))
        y *= t(1.0 / self.beta)
        return utils.force_array(y),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        # f'(x) = sigmoid(beta x)
        gx = grad_outputs[0] * _sigmoid(x * x.dtype.type(self.beta))
        return utils.force_array(gx),


def softplus(x, beta=1.0):
    """Elementwise softplus function.

    .. math:: f(x) = \\frac{1}{\\beta} \\log(1 + \\exp(\\beta x))

    Computed stably for large :math:`|\\beta x|`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        beta (float): Parameter :math:`\\beta` (nonzero).

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Softplus(beta)(x)
