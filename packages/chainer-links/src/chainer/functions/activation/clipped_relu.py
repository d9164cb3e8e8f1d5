"""Clipped Rectifier Unit: ``F.clipped_relu`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class ClippedReLU(function.Function):
    """Clipped Rectifier Unit :math:`f(x) = \\min(\\max(0, x), z)`.

    Args:
        z (float): Clipping value, positive.
    """

    def __init__(self, z):
        if not z > 0:
            raise ValueError('z (the clipping value) must be positive, got {}'.format(z))
        self.z = z

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        return utils.force_array(xp.clip(x, x.dtype.type(0), x.dtype.type(self.z))),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        # The gradient is 1 strictly inside (0, z) and 0 elsewhere, bounds included.
        return utils.force_array(grad_outputs[0] * ((x > 0) & (x < self.z))),


def clipped_relu(x, z=20.0):
    """Clipped Rectifier Unit function.

    .. math:: ClippedReLU(x, z) = \\min(\\max(0, x), z)

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        z (float): Clipping value, ``z > 0``. (default = 20.0)

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return ClippedReLU(z)(x)
