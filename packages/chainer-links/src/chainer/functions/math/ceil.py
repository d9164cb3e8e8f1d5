"""Elementwise ceiling function: ``ceil``."""
from chainer.functions._unary_elementwise import UnaryElementwise


class Ceil(UnaryElementwise):
    """Elementwise ceiling ``y = ceil(x)``; not differentiable (no gradient flows)."""

    differentiable = False

    def compute(self, xp, x):
        return xp.ceil(x)


def ceil(x):
    """Elementwise ceiling function: the smallest integer not less than ``x_i``.

    .. math:: y_i = \\lceil x_i \\rceil.

    The function is piecewise constant and is treated as not differentiable:
    backpropagation gives ``x`` no gradient.

    Args:
        x (~chainer.Variable): input variable of a floating-point dtype.

    Returns:
        ~chainer.Variable: output variable, of the dtype of ``x``.
    """
    return Ceil()(x)
