"""Logistic sigmoid: ``F.sigmoid`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


def _sigmoid(x):
    """Array-level sigmoid, computed as ``tanh(x / 2) / 2 + 1 / 2``.

    The tanh form never overflows (``exp(-x)`` does for large negative x) and keeps
    the dtype of ``x``.
    """
    xp = cuda.get_array_module(x)
    half = x.dtype.type(0.5)
    y = xp.tanh(x * half)
    y *= half
    y += half
    return utils.force_array(y)


class Sigmoid(function.Function):
    """Elementwise logistic sigmoid :math:`f(x) = (1 + \\exp(-x))^{-1}`."""

    def __init__(self, use_cudnn=True):
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        # The output is kept for backward: it is the data of the output variable,
        # so this costs no extra memory.
        self._y = _sigmoid(inputs[0])
        return self._y,

    def backward(self, inputs, grad_outputs):
        y = self._y
        # f'(x) = f(x) (1 - f(x))
        return utils.force_array(grad_outputs[0] * y * (1 - y)),


def sigmoid(x, use_cudnn=True):
    """Elementwise sigmoid logistic function :math:`f(x) = (1 + \\exp(-x))^{-1}`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool): Accepted for compatibility; the GPU path is the
            array-generic elementwise code.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Sigmoid(use_cudnn)(x)
