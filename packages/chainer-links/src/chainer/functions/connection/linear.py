"""Linear (affine) function (spec 003, linear)."""
from chainer import function
from chainer.utils import type_check


class LinearFunction(function.Function):
    """Affine map ``y = x W^T + b`` on a minibatch flattened to two dimensions."""

    def check_type_forward(self, in_types):
        n_in = in_types.size()
        type_check.expect(2 <= n_in, n_in <= 3)
        x_type, w_type = in_types[:2]
        type_check.expect(
            x_type.dtype.kind == 'f',
            w_type.dtype == x_type.dtype,
            x_type.ndim >= 2,
            w_type.ndim == 2,
            type_check.prod(x_type.shape[1:]) == w_type.shape[1],
        )
        if type_check.eval(n_in) == 3:
            b_type = in_types[2]
            type_check.expect(
                b_type.dtype == x_type.dtype,
                b_type.ndim == 1,
                b_type.shape[0] == w_type.shape[0],
            )

    def forward(self, inputs):
        x, W = inputs[:2]
        y = x.reshape(len(x), W.shape[1]).dot(W.T)
        if len(inputs) == 3:
            y += inputs[2]
        return y,

    def backward(self, inputs, grad_outputs):
        x, W = inputs[:2]
        gy = grad_outputs[0]
        x2 = x.reshape(len(x), W.shape[1])
        gx = gy.dot(W).reshape(x.shape)
        gW = gy.T.dot(x2)
        if len(inputs) == 3:
            return gx, gW, gy.sum(axis=0)
        return gx, gW


def linear(x, W, b=None):
    """Linear function, or affine transformation.

    .. math:: Y = x W^\\top + b

    Args:
        x (~chainer.Variable or array): input of shape ``(s_B, s_1, ..., s_n)``; the first
            axis is the minibatch, the others are flattened into one of size
            ``N = s_1 * ... * s_n``.
        W (~chainer.Variable or array): weight of shape ``(M, N)``.
        b (~chainer.Variable or array): bias of shape ``(M,)`` (optional).

    Returns:
        ~chainer.Variable: output of shape ``(s_B, M)``.
    """
    if b is None:
        return LinearFunction()(x, W)
    return LinearFunction()(x, W, b)
