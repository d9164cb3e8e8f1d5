"""Concatenated ReLU: ``F.crelu``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions._axis import check_axis
from chainer.utils import type_check


class CReLU(function.Function):
    """Concatenated ReLU :math:`f(x) = (\\max(0, x), \\max(0, -x))` along an axis."""

    _differentiable_backward = True

    def __init__(self, axis=1):
        if not isinstance(axis, int):
            raise TypeError('axis must be an int, got {}'.format(type(axis).__name__))
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        check_axis(self.axis, in_types[0].ndim)

    def forward(self, inputs):
        x, = inputs
        xp = cuda.get_array_module(x)
        zero = x.dtype.type(0)
        return xp.concatenate(
            (xp.maximum(x, zero), xp.maximum(-x, zero)), axis=self.axis),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy = grad_outputs[0]
        if isinstance(gy, variable.Variable):
            # a double backprop: halves of gy (differentiable slices) times constant
            # masks; the second derivative in x is zero (undefined at 0)
            d = x.data
            axis = self.axis % d.ndim
            n = d.shape[axis]
            lead = (slice(None),) * axis
            g_pos, g_neg = gy[lead + (slice(0, n),)], gy[lead + (slice(n, 2 * n),)]
            return (g_pos * (d > 0).astype(d.dtype) -
                    g_neg * (d < 0).astype(d.dtype)),
        xp = cuda.get_array_module(x)
        g_pos, g_neg = xp.split(grad_outputs[0], 2, axis=self.axis)
        return g_pos * (x > 0) - g_neg * (x < 0),


def crelu(x, axis=1):
    """Concatenated Rectified Linear Unit function.

    .. math:: f(x) = (\\max(0, x), \\max(0, -x))

    where the two halves are concatenated along ``axis``, which doubles in length.
    See: http://arxiv.org/abs/1603.05201

    Args:
        x (~chainer.Variable or array): Input variable of a float dtype.
        axis (int): Axis that the output values are concatenated along.

    Returns:
        ~chainer.Variable: Output variable.
    """
    return CReLU(axis)(x)
