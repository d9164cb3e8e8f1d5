"""Rectified Linear Unit: ``F.relu`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class ReLU(function.Function):
    """Rectified Linear Unit :math:`f(x) = \\max(0, x)`.

    The gradient at exactly ``x == 0`` is taken as 0 (never NaN).
    """

    def __init__(self, use_cudnn=True):
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        return utils.force_array(xp.maximum(x, x.dtype.type(0))),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        return utils.force_array(gy * (x > 0)),


def relu(x, use_cudnn=True):
    """Rectified Linear Unit function :math:`f(x) = \\max(0, x)`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        use_cudnn (bool): Accepted for compatibility; the GPU path is the
            array-generic elementwise code.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return ReLU(use_cudnn)(x)
