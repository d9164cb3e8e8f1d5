"""Softmax: ``F.softmax`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer.functions import _log_space
from chainer.functions._axis import check_axis
from chainer.utils import type_check


class Softmax(function.Function):
    """Softmax along one axis (see :func:`softmax`)."""

    def __init__(self, use_cudnn=True, axis=1):
        self.use_cudnn = use_cudnn
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        check_axis(self.axis, in_types[0].ndim)

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        # Subtracting the max makes every exponent <= 0: no overflow.
        y, _ = _log_space.shift_by_max(x, self.axis)
        xp.exp(y, out=y)
        y /= y.sum(axis=self.axis, keepdims=True)
        self._y = y  # the output's own data: kept for backward at no cost
        return y,

    def backward(self, inputs, grad_outputs):
        y = self._y
        # gx = y * (gy - sum(y * gy))
        gx = y * grad_outputs[0]
        gx -= y * gx.sum(axis=self.axis, keepdims=True)
        return gx,


def softmax(x, use_cudnn=True, axis=1):
    """Channelwise softmax function.

    .. math:: p(x) = \\frac{\\exp(f(x))}{\\sum_{x'_{axis}} \\exp(f(x'))}

    where the sum runs along ``axis`` (the second axis by default).

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool): Accepted for compatibility; the GPU path is array-generic.
        axis (int): The axis along which the softmax is taken.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Softmax(use_cudnn, axis)(x)
