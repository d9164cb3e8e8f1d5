"""Softmax: ``F.softmax``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions import _cudnn
from chainer.functions import _log_space
from chainer.functions._axis import check_axis
from chainer.functions._unary_elementwise import output_variable
from chainer.utils import type_check


class Softmax(function.Function):
    """Softmax along one axis (see :func:`softmax`); its backward also builds a
    differentiable graph when given Variables (a double backprop)."""

    _differentiable_backward = True

    def __init__(self, use_cudnn=None, axis=1):
        self.use_cudnn = use_cudnn
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        check_axis(self.axis, in_types[0].ndim)

    def forward_cpu(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        # Subtracting the max makes every exponent <= 0: no overflow.
        y, _ = _log_space.shift_by_max(x, self.axis)
        xp.exp(y, out=y)
        y /= y.sum(axis=self.axis, keepdims=True)
        self._y = y  # the output's own data: kept for backward at no cost
        return y,

    def backward(self, inputs, grad_outputs):
        gy = grad_outputs[0]
        if isinstance(gy, variable.Variable):  # a double backprop
            from chainer.functions.math.sum import sum as _sum
            y = output_variable(self, self._y)
            gx = y * gy
            return gx - y * _sum(gx, axis=self.axis, keepdims=True),
        return super(Softmax, self).backward(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        y = self._y
        # gx = y * (gy - sum(y * gy))
        gx = y * grad_outputs[0]
        gx -= y * gx.sum(axis=self.axis, keepdims=True)
        return gx,

    def forward_gpu(self, inputs):
        x, = inputs
        axis = self.axis % x.ndim  # cuDNN's reshaping wants a non-negative axis
        if _cudnn.enabled(self.use_cudnn):
            self._y = cuda.kernel('cudnn_softmax_forward')(x, axis)
        else:
            self._y = cuda.kernel('softmax_fwd')(x, axis)
        return self._y,

    def backward_gpu(self, inputs, grad_outputs):
        y, gy = self._y, grad_outputs[0]
        axis = self.axis % y.ndim
        if _cudnn.enabled(self.use_cudnn):
            return cuda.kernel('cudnn_softmax_backward')(y, gy, axis),
        return cuda.kernel('softmax_bwd')(y, gy, axis),


def softmax(x, use_cudnn=None, axis=1):
    """Channelwise softmax function.

    .. math:: p(x) = \\frac{\\exp(f(x))}{\\sum_{x'_{axis}} \\exp(f(x'))}

    where the sum runs along ``axis`` (the second axis by default).

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled; otherwise the
            library's row kernels (``softmax_fwd``/``softmax_bwd``) run.
        axis (int): The axis along which the softmax is taken.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Softmax(use_cudnn, axis)(x)
