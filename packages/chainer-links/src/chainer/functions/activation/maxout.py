"""Maxout: ``F.maxout``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions._axis import check_axis
from chainer.utils import type_check


class Maxout(function.Function):
    """Maximum over groups of ``pool_size`` consecutive entries along ``axis``."""

    _differentiable_backward = True

    def __init__(self, pool_size, axis=1):
        if isinstance(pool_size, bool) or not isinstance(pool_size, int) or \
                pool_size <= 0:
            raise ValueError('pool_size must be a positive int, got {!r}'.format(pool_size))
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError('axis must be an int, got {!r}'.format(axis))
        self.pool_size = pool_size
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        x_type = in_types[0]
        check_axis(self.axis, x_type.ndim)
        axis = self.axis % type_check.eval(x_type.ndim)
        type_check.expect(x_type.shape[axis] % self.pool_size == 0)

    def _grouped(self, x):
        """Views ``x`` with ``axis`` split into ``(M, pool_size)``."""
        axis = self.axis % x.ndim
        shape = x.shape[:axis] + (x.shape[axis] // self.pool_size, self.pool_size) + \
            x.shape[axis + 1:]
        return x.reshape(shape), axis + 1

    def forward(self, inputs):
        r, pool_axis = self._grouped(inputs[0])
        # Only the winners' positions are kept for backward, not the input.
        self._argmax = r.argmax(axis=pool_axis)
        return r.max(axis=pool_axis),

    def backward(self, inputs, grad_outputs):
        x, = inputs
        gy = grad_outputs[0]
        data = x.data if isinstance(gy, variable.Variable) else x
        xp = cuda.get_array_module(data)
        r, pool_axis = self._grouped(data)
        # One-hot of the winner along the pool axis, by broadcasting a range against
        # the winner indices; the gradient goes to the winner only.
        positions = xp.arange(self.pool_size).reshape(
            (-1,) + (1,) * (r.ndim - pool_axis - 1))
        winner = positions == xp.expand_dims(self._argmax, pool_axis)
        if isinstance(gy, variable.Variable):
            # a double backprop: gy routed to the winners by a constant mask (the
            # second derivative in x is zero almost everywhere)
            from chainer.core_functions import broadcast
            from chainer.functions.math import _nodes
            expanded = gy.shape[:pool_axis] + (1,) + gy.shape[pool_axis:]
            g = broadcast.BroadcastTo(r.shape).apply(
                (_nodes.reshape(gy, expanded),))[0]
            return _nodes.reshape(g * winner.astype(data.dtype), data.shape),
        gx = winner * xp.expand_dims(gy, pool_axis)
        return gx.reshape(x.shape),


def maxout(x, pool_size, axis=1):
    """Maxout activation function.

    The ``axis`` dimension of ``x`` (of size ``M * pool_size``) is reshaped into
    ``(M, pool_size)`` and the maximum is taken over the ``pool_size`` entries:

    .. math:: y_{\\dots, m, \\dots} = \\max_{0 \\le k < p} x_{\\dots, m p + k, \\dots}

    Args:
        x (~chainer.Variable or array): Input variable; ``x.shape[axis]`` must be a
            multiple of ``pool_size``.
        pool_size (int): Number of entries each output takes the maximum of.
        axis (int): The axis to pool along.

    Returns:
        ~chainer.Variable: Output variable, whose ``axis`` dimension is ``M``.
    """
    return Maxout(pool_size, axis)(x)
