"""Log-softmax: ``F.log_softmax`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer.functions import _log_space
from chainer.utils import type_check


class LogSoftmax(function.Function):
    """Logarithm of the softmax along the second axis (see :func:`log_softmax`)."""

    def __init__(self, use_cudnn=True):
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(
            in_types.size() == 1,
            in_types[0].dtype.kind == 'f',
            in_types[0].ndim > 1,
        )

    def forward(self, inputs):
        # log p = (x - m) - log(sum(exp(x - m))) with m the max: the exponents are
        # <= 0 and the sum is >= 1, so neither overflow nor log(0) can happen.
        y = _log_space.log_softmax(inputs[0], axis=1)
        self._y = y  # the output's own data: kept for backward at no cost
        return y,

    def backward(self, inputs, grad_outputs):
        xp = cuda.get_array_module(self._y)
        gy, = grad_outputs
        # gx = gy - softmax(x) * sum(gy)
        return gy - xp.exp(self._y) * gy.sum(axis=1, keepdims=True),


def log_softmax(x, use_cudnn=True):
    """Channelwise log-softmax function.

    .. math:: \\log p(x) = f(x) - \\log \\sum_{x'_2} \\exp(f(x'))

    along the second axis. Equivalent to ``log(softmax(x))`` but stable: it never
    underflows to ``log(0)`` for very negative inputs nor overflows for large ones.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype, ``ndim >= 2``.
        use_cudnn (bool): Accepted for compatibility; the GPU path is array-generic.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return LogSoftmax(use_cudnn)(x)
