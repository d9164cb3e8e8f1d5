"""Logistic sigmoid: ``F.sigmoid``."""
import numpy

from chainer import cuda
from chainer import utils
from chainer.functions import _cudnn
from chainer.functions._unary_elementwise import UnaryElementwise


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


class Sigmoid(UnaryElementwise):
    """Elementwise logistic sigmoid :math:`f(x) = (1 + \\exp(-x))^{-1}`."""

    def __init__(self, use_cudnn=None):
        self.use_cudnn = use_cudnn

    def compute(self, xp, x):
        if xp is not numpy:
            if _cudnn.enabled(self.use_cudnn, '==always'):
                return cuda.kernel('cudnn_activation_forward')(x, 'sigmoid')
            return cuda.kernel('sigmoid_fwd')(x)
        return _sigmoid(x)

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            if _cudnn.enabled(self.use_cudnn, '==always'):
                return cuda.kernel('cudnn_activation_backward')(x, y, gy, 'sigmoid')
            return cuda.kernel('sigmoid_bwd')(y, gy)
        # f'(x) = f(x) (1 - f(x))
        return gy * y * (1 - y)

    def variable_derivative(self, x, y, gy):
        """``gy y (1 - y)`` of the output Variable ``y``."""
        return gy * y * (1 - y)


def sigmoid(x, use_cudnn=None):
    """Elementwise sigmoid logistic function :math:`f(x) = (1 + \\exp(-x))^{-1}`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled (None: only
            when ``chainer.config.use_cudnn`` is ``'always'``, as v7); otherwise the
            library's ``sigmoid_fwd``/``sigmoid_bwd`` kernels run.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Sigmoid(use_cudnn)(x)
