"""Scaled exponential linear unit: ``selu`` (Chainer v3+)."""
from chainer.functions.activation.elu import elu


def selu(x, alpha=1.6732632423543772848170429916717,
         scale=1.0507009873554804934193349852946):
    """Scaled Exponential Linear Unit: ``scale * elu(x, alpha)``.

    .. math:: f(x) = \\lambda \\begin{cases} x & x \\ge 0 \\\\
              \\alpha (\\exp(x) - 1) & x < 0 \\end{cases}

    See: https://arxiv.org/abs/1706.02515

    Args:
        x (~chainer.Variable or array): input of a floating-point dtype.
        alpha (float): :math:`\\alpha` (the default is the paper's value).
        scale (float): :math:`\\lambda` (the default is the paper's value).

    Returns:
        ~chainer.Variable: output of the dtype of ``x``; differentiable to any order.
    """
    return elu(x, alpha) * x.dtype.type(scale)
