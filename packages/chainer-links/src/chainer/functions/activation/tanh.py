"""Hyperbolic tangent: ``F.tanh``."""
import numpy

from chainer import cuda
from chainer.functions import _cudnn
from chainer.functions._unary_elementwise import UnaryElementwise


class Tanh(UnaryElementwise):
    """Elementwise hyperbolic tangent :math:`f(x) = \\tanh(x)`."""

    def __init__(self, use_cudnn=None):
        self.use_cudnn = use_cudnn

    def compute(self, xp, x):
        if xp is not numpy:
            if _cudnn.enabled(self.use_cudnn, '==always'):
                return cuda.kernel('cudnn_activation_forward')(x, 'tanh')
            return cuda.kernel('tanh_fwd')(x)
        return xp.tanh(x)

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            if _cudnn.enabled(self.use_cudnn, '==always'):
                return cuda.kernel('cudnn_activation_backward')(x, y, gy, 'tanh')
            return cuda.kernel('tanh_bwd')(y, gy)
        # d tanh(x) / dx = 1 - tanh(x)^2
        return gy * (1 - y * y)

    def variable_derivative(self, x, y, gy):
        """``gy (1 - y^2)`` of the output Variable ``y``."""
        return gy * (1 - y * y)


def tanh(x, use_cudnn=None):
    """Elementwise hyperbolic tangent function :math:`f(x) = \\tanh(x)`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled (None: only
            when ``chainer.config.use_cudnn`` is ``'always'``, as v7); otherwise the
            library's ``tanh_fwd``/``tanh_bwd`` kernels run.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return Tanh(use_cudnn)(x)
