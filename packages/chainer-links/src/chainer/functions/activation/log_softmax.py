"""Log-softmax: ``F.log_softmax``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions import _cudnn
from chainer.functions import _log_space
from chainer.functions._axis import check_axis
from chainer.functions._unary_elementwise import output_variable
from chainer.utils import type_check


def logsumexp(x):
    """``log(sum(exp(x), axis=1))`` of an array, keeping the axis: Chainer v1's array
    helper of this module, which v1 code imported from here."""
    return _log_space.logsumexp(x, axis=1, keepdims=True)


class LogSoftmax(function.Function):
    """Logarithm of the softmax along one axis, the second by default (see
    :func:`log_softmax`); its backward also builds a differentiable graph when given
    Variables (a double backprop)."""

    _differentiable_backward = True

    def __init__(self, use_cudnn=None, axis=1):
        self.use_cudnn = use_cudnn
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(
            in_types.size() == 1,
            in_types[0].dtype.kind == 'f',
        )
        check_axis(self.axis, in_types[0].ndim)

    def forward_cpu(self, inputs):
        # log p = (x - m) - log(sum(exp(x - m))) with m the max: the exponents are
        # <= 0 and the sum is >= 1, so neither overflow nor log(0) can happen.
        y = _log_space.log_softmax(inputs[0], axis=self.axis)
        self._y = y  # the output's own data: kept for backward at no cost
        return y,

    def backward(self, inputs, grad_outputs):
        gy = grad_outputs[0]
        if isinstance(gy, variable.Variable):  # a double backprop
            from chainer.functions.math.exp import exp
            from chainer.functions.math.sum import sum as _sum
            y = output_variable(self, self._y)
            return gy - exp(y) * _sum(gy, axis=self.axis, keepdims=True),
        return super(LogSoftmax, self).backward(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        xp = cuda.get_array_module(self._y)
        gy, = grad_outputs
        # gx = gy - softmax(x) * sum(gy)
        return gy - xp.exp(self._y) * gy.sum(axis=self.axis, keepdims=True),

    def forward_gpu(self, inputs):
        x, = inputs
        if _cudnn.enabled(self.use_cudnn):
            self._y = cuda.kernel('cudnn_softmax_forward')(x, self.axis % x.ndim,
                                                           log=True)
        else:
            self._y = cuda.kernel('log_softmax_fwd')(x, self.axis % x.ndim)
        return self._y,

    def backward_gpu(self, inputs, grad_outputs):
        if _cudnn.enabled(self.use_cudnn):
            return cuda.kernel('cudnn_softmax_backward')(
                self._y, grad_outputs[0], self.axis % self._y.ndim, log=True),
        return cuda.kernel('log_softmax_bwd')(self._y, grad_outputs[0],
                                              self.axis % self._y.ndim),


def log_softmax(x, use_cudnn=None, axis=1):
    """Channelwise log-softmax function.

    .. math:: \\log p(x) = f(x) - \\log \\sum_{x'_2} \\exp(f(x'))

    along ``axis`` (the second axis by default). Equivalent to ``log(softmax(x))`` but
    stable: it never underflows to ``log(0)`` for very negative inputs nor overflows for
    large ones.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled; otherwise the
            library's row kernels (``log_softmax_fwd``/``log_softmax_bwd``) run.
        axis (int): The axis along which the log-softmax is taken (v2+).

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return LogSoftmax(use_cudnn, axis)(x)
