"""Rectified Linear Unit: ``F.relu``."""
import numpy

from chainer import cuda
from chainer.functions import _cudnn
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class ReLU(UnaryElementwise):
    """Rectified Linear Unit :math:`f(x) = \\max(0, x)`.

    The gradient at exactly ``x == 0`` is taken as 0 (never NaN).
    """

    def __init__(self, use_cudnn=None):
        self.use_cudnn = use_cudnn

    def compute(self, xp, x):
        if xp is not numpy:
            if _cudnn.enabled(self.use_cudnn):
                return cuda.kernel('cudnn_activation_forward')(x, 'relu')
            return cuda.kernel('relu_fwd')(x)
        return xp.maximum(x, x.dtype.type(0))

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            if _cudnn.enabled(self.use_cudnn):
                return cuda.kernel('cudnn_activation_backward')(x, y, gy, 'relu')
            return cuda.kernel('relu_bwd')(y, gy)  # y > 0 exactly where x > 0
        # The comparison written straight into a float array, then scaled in place: half
        # the time of gy * (x > 0), which converts a bool temporary.
        gx = numpy.greater(x, x.dtype.type(0), out=numpy.empty_like(gy))
        gx *= gy
        return gx

    def variable_derivative(self, x, y, gy):
        """``gy`` where ``x > 0``, else 0; the second derivative is zero (undefined
        at 0)."""
        return gy * constant_factor(x, x.data > 0)


def relu(x, use_cudnn=None):
    """Rectified Linear Unit function :math:`f(x) = \\max(0, x)`.

    The function is piecewise linear: its second derivative in ``x`` is zero
    almost everywhere (undefined at 0), and a double backprop gives
    ``x`` a zero second-order gradient.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool or None): On the GPU, use cuDNN when it is enabled; otherwise the
            library's ``relu_fwd``/``relu_bwd`` kernels run.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return ReLU(use_cudnn)(x)
