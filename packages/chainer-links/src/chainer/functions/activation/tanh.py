"""Hyperbolic tangent: ``F.tanh`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class Tanh(function.Function):
    """Elementwise hyperbolic tangent :math:`f(x) = \\tanh(x)`."""

    def __init__(self, use_cudnn=True):
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        # The output's own data: kept for backward at no cost.
        self._y = utils.force_array(xp.tanh(x))
        return self._y,

    def backward(self, inputs, grad_outputs):
        y = self._y
        # d tanh(x) / dx = 1 - tanh(x)^2
        return utils.force_array(grad_outputs[0] * (1 - y * y)),


def tanh(x, use_cudnn=True):
    """Elementwise hyperbolic tangent function :math:`f(x) = \\tanh(x)`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool): Accepted for compatibility; the GPU path is the
            array-generic elementwise code.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Tanh(use_cudnn)(x)
