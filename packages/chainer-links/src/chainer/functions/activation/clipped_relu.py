"""Clipped Rectifier Unit: ``F.clipped_relu``."""
import numpy

from chainer import cuda
from chainer.functions._unary_elementwise import constant_factor
from chainer.functions._unary_elementwise import UnaryElementwise


class ClippedReLU(UnaryElementwise):
    """Clipped Rectifier Unit :math:`f(x) = \\min(\\max(0, x), z)`.

    Args:
        z (float): Clipping value, positive.
    """

    def __init__(self, z):
        if not z > 0:
            raise ValueError('z (the clipping value) must be positive, got {}'.format(z))
        self.z = z

    @property
    def cap(self):
        """The clipping value ``z``, under v1.24's and v7's attribute name (read by
        exporters such as onnx-chainer)."""
        return self.z

    @cap.setter
    def cap(self, z):
        self.z = z

    def compute(self, xp, x):
        if xp is not numpy:
            return cuda.kernel('clipped_relu_fwd')(x, x.dtype.type(self.z))
        return xp.clip(x, x.dtype.type(0), x.dtype.type(self.z))

    def derivative(self, xp, x, y, gy):
        if xp is not numpy:
            return cuda.kernel('clipped_relu_bwd')(x, gy, x.dtype.type(self.z))
        # The gradient is 1 strictly inside (0, z) and 0 elsewhere, bounds included.
        return gy * ((x > 0) & (x < self.z))

    def variable_derivative(self, x, y, gy):
        """``gy`` inside ``(0, z)``, 0 elsewhere; the second derivative is zero
        (undefined at 0 and z)."""
        d = x.data
        return gy * constant_factor(x, (d > 0) & (d < self.z))


def clipped_relu(x, z=20.0):
    """Clipped Rectifier Unit function.

    .. math:: ClippedReLU(x, z) = \\min(\\max(0, x), z)

    The function is piecewise linear: its second derivative in ``x`` is zero
    almost everywhere (undefined at 0 and ``z``), and a double backprop gives
    ``x`` a zero second-order gradient.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        z (float): Clipping value, ``z > 0``. (default = 20.0)

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return ClippedReLU(z)(x)


def relu6(x):
    """Rectified Linear Unit clipped at 6: ``min(max(0, x), 6)`` (v7), that is
    :func:`clipped_relu` with ``z = 6``.

    The function is piecewise linear: its second derivative in ``x`` is zero
    almost everywhere (undefined at 0 and 6), and a double backprop gives
    ``x`` a zero second-order gradient.

    Args:
        x (~chainer.Variable or array): input of a float dtype.

    Returns:
        ~chainer.Variable: output of the shape and dtype of ``x``.
    """
    return ClippedReLU(6.0)(x)
