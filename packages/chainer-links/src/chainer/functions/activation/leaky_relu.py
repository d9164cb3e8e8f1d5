"""Leaky Rectified Linear Unit: ``F.leaky_relu`` (spec 001 §3.4.1)."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.utils import type_check


class LeakyReLU(function.Function):
    """Leaky ReLU: :math:`f(x) = x` for :math:`x \\ge 0` and :math:`a x` otherwise."""

    def __init__(self, slope=0.2):
        self.slope = slope

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        return utils.force_array(xp.where(x >= 0, x, x * x.dtype.type(self.slope))),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy, = grad_outputs
        xp = cuda.get_array_module(x)
        return utils.force_array(xp.where(x >= 0, gy, gy * gy.dtype.type(self.slope))),


def leaky_relu(x, slope=0.2):
    """Leaky Rectified Linear Unit function.

    .. math:: f(x) = \\begin{cases} x & x \\ge 0 \\\\ a x & x < 0 \\end{cases}

    which is :math:`\\max(x, ax)` for the usual slopes :math:`0 \\le a \\le 1`.

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        slope (float): Slope value :math:`a`.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return LeakyReLU(slope)(x)
