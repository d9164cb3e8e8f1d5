"""Swish activation: ``swish`` (Chainer v4+)."""
from chainer.core_functions import broadcast
from chainer.functions.activation.sigmoid import sigmoid
from chainer.functions.math import _nodes
from chainer.utils import type_check


def swish(x, beta):
    """Swish activation function: ``f(x, beta) = x * sigmoid(beta * x)``.

    See: https://arxiv.org/abs/1710.05941

    Args:
        x (~chainer.Variable or array): input of shape ``(s_B, s_1, ..., s_N)``,
            floating point.
        beta (~chainer.Variable or array): the parameter, of shape
            ``(s_1, ..., s_M)`` with ``M <= N`` (one value per channel, say), of the
            dtype of ``x``; it is broadcast along the first axis and the trailing
            axes of ``x``.

    Returns:
        ~chainer.Variable: output of the shape of ``x``; differentiable to any order
        in ``x`` and ``beta``.

    Raises:
        ~chainer.utils.type_check.InvalidType: ``beta``'s shape is not
            ``x.shape[1:1 + beta.ndim]`` or the dtypes differ.
    """
    x_shape, beta_shape = tuple(x.shape), tuple(beta.shape)
    if x.dtype.kind != 'f' or beta.dtype != x.dtype:
        raise type_check.InvalidType(
            'x.dtype.kind == "f" and beta.dtype == x.dtype',
            'x.dtype={}, beta.dtype={}'.format(x.dtype, beta.dtype))
    if beta_shape != x_shape[1:1 + len(beta_shape)] or len(beta_shape) >= len(x_shape):
        raise type_check.InvalidType(
            'beta.shape == x.shape[1:1 + beta.ndim]',
            'beta.shape={}, x.shape={}'.format(beta_shape, x_shape))
    extended = (1,) + beta_shape + (1,) * (len(x_shape) - len(beta_shape) - 1)
    beta = broadcast.BroadcastTo(x_shape).apply((_nodes.reshape(beta, extended),))[0]
    return x * sigmoid(beta * x)
