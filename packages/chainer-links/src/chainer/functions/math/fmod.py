"""Elementwise remainder of a truncated division: ``fmod``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.utils import type_check


class Fmod(function.Function):
    """``y = x - trunc(x / d) d`` (the sign of ``x``, as C's ``fmod``)."""

    label = 'fmod'

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(
            in_types.size() == 2,
            in_types[0].dtype.kind == 'f',
            in_types[1].dtype == in_types[0].dtype,
        )

    def forward(self, inputs):
        x, divisor = inputs
        xp = cuda.get_array_module(x)
        return utils.force_array(xp.fmod(x, divisor), x.dtype),

    def backward(self, inputs, grad_outputs):
        x, divisor = inputs
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):  # a double backprop
            d = x.data
            xp = cuda.get_array_module(d)
            return gy, gy * (-xp.fix(d / divisor.data)).astype(d.dtype)
        xp = cuda.get_array_module(x)
        # trunc(x / d) is piecewise constant: dy/dx = 1, dy/dd = -trunc(x / d)
        g_divisor = -xp.fix(x / divisor) * gy
        return gy, utils.force_array(g_divisor, x.dtype)


def fmod(x, divisor):
    """Elementwise remainder of the division of ``x`` by ``divisor``, truncated
    towards zero: the result has the sign of ``x``.

    .. math:: y_i = x_i - \\operatorname{trunc}(x_i / d_i) \\, d_i

    Its gradients, ``1`` in ``x`` and ``-trunc(x / d)`` in ``d``, are piecewise
    constant: every second derivative is zero almost everywhere (undefined where
    ``x / d`` is an integer, where ``y`` jumps).

    Args:
        x (~chainer.Variable): float dividend.
        divisor (~chainer.Variable): float divisor of the shape and dtype of ``x``.

    Returns:
        ~chainer.Variable: the remainder, of the dtype of ``x``.
    """
    return Fmod()(x, divisor)
