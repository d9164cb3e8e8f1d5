"""Rectified Linear Unit: ``F.relu`` (spec 001 §3.4.1)."""
from chainer.functions._unary_elementwise import UnaryElementwise


class ReLU(UnaryElementwise):
    """Rectified Linear Unit :math:`f(x) = \\max(0, x)`.

    The gradient at exactly ``x == 0`` is taken as 0 (never NaN).
    """

    def __init__(self, use_cudnn=True):
        self.use_cudnn = use_cudnn

    def compute(self, xp, x):
        return xp.maximum(x, x.dtype.type(0))

    def derivative(self, xp, x, y, gy):
        return gy * (x > 0)


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
