"""Parametric ReLU: ``F.prelu``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.utils import type_check


def _weight_view(W, x_ndim):
    """Reshapes ``W`` to broadcast against x: ``(1,) + W.shape + (1, ...)``."""
    return W.reshape((1,) + W.shape + (1,) * (x_ndim - W.ndim - 1))


class PReLUFunction(function.Function):
    """Parametric ReLU :math:`f(x) = x` for :math:`x \\ge 0`, :math:`W x` otherwise."""

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, W_type = in_types
        type_check.expect(
            x_type.dtype.kind == 'f',
            W_type.dtype == x_type.dtype,
            x_type.ndim >= W_type.ndim + 1,
        )
        w_ndim = type_check.eval(W_type.ndim)
        type_check.expect(x_type.shape[1:1 + w_ndim] == W_type.shape)

    def forward(self, inputs):
        x, W = inputs
        xp = cuda.get_array_module(x)
        return xp.where(x >= 0, x, x * _weight_view(W, x.ndim)),

    def backward(self, inputs, grad_outputs):
        x, W = inputs
        gy, = grad_outputs
        if isinstance(gy, variable.Variable):  # a double backprop
            return self._variable_backward(x, W, gy)
        xp = cuda.get_array_module(x)
        negative = x < 0
        # dy/dW = x where x < 0: summed over the batch and the trailing axes.
        axes = (0,) + tuple(range(W.ndim + 1, x.ndim))
        gW = (gy * x * negative).sum(axis=axes)
        gx = xp.where(negative, gy * _weight_view(W, x.ndim), gy)
        # force_array: for a 0-dim W the reduction gives a numpy scalar.
        return gx, utils.force_array(gW.astype(W.dtype, copy=False).reshape(W.shape))

    def _variable_backward(self, x, W, gy):
        """The gradients from differentiable functions: ``gx = gy`` where
        ``x >= 0``, ``gy W`` elsewhere; ``gW = sum(gy x)`` over ``x < 0``."""
        from chainer.functions.math import _nodes
        from chainer.functions.math.sum import sum as _sum
        d = x.data
        negative = (d < 0).astype(d.dtype)
        w_view = _nodes.reshape(W, (1,) + W.shape + (1,) * (x.ndim - W.ndim - 1))
        gx = gy * (1 - negative) + gy * w_view * negative
        axes = (0,) + tuple(range(W.ndim + 1, x.ndim))
        gW = _sum(gy * x * negative, axis=axes)
        return gx, _nodes.reshape(gW, W.shape)


def prelu(x, W):
    """Parametric ReLU function.

    .. math:: PReLU(x) = \\begin{cases} x & x \\ge 0 \\\\ W x & x < 0 \\end{cases}

    (:math:`\\max(x, Wx)` for :math:`W \\le 1`), with :math:`W` broadcast over the
    batch. ``W`` of shape ``(2, 3, 4)`` takes ``x`` of shape ``(B, 2, 3, 4, S1, ...,
    SN)``: its shape matches the leading dimensions after the batch one and it is
    shared over the trailing ones.

    Args:
        x (~chainer.Variable or array): Input variable; the first axis is the batch.
        W (~chainer.Variable or array): Weight variable of the dtype of ``x``.

    Returns:
        ~chainer.Variable: Output variable of the shape and dtype of ``x``.
    """
    return PReLUFunction()(x, W)
