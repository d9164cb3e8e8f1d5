"""Cumulative product along an axis: ``cumprod`` (Chainer v5+)."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.core_functions import broadcast
from chainer.functions.math import _nodes
from chainer.functions.math.cumsum import check_axis
from chainer.functions.math.cumsum import Cumsum
from chainer.functions.math.cumsum import flatten_if_no_axis
from chainer.utils import type_check


class Cumprod(function_node.FunctionNode):
    """``y_i = prod_{j <= i} x_j`` along ``axis``.

    Its gradient ``gx_k = sum_{i >= k} gy_i prod_{j <= i, j != k} x_j`` is built from
    differentiable nodes: as ``revcumsum(gy * y) / x`` when ``x`` has no zero, else
    from the cumulative products of ``x`` with each element in turn set to one (a
    graph of quadratic size along the axis, used only where a zero needs it).
    """

    def __init__(self, axis):
        self.axis = axis

    @property
    def label(self):
        return 'Cumprod'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        ndim = type_check.eval(in_types[0].ndim)
        type_check.expect(-ndim <= self.axis, self.axis < ndim)

    def forward(self, inputs):
        self.retain_inputs((0,))
        self.retain_outputs((0,))
        x = inputs[0]
        xp = cuda.get_array_module(x)
        return utils.force_array(xp.cumprod(x, axis=self.axis), x.dtype),

    def backward(self, indexes, grad_outputs):
        x, = self.get_retained_inputs()
        y, = self.get_retained_outputs()
        gy, = grad_outputs
        xp = cuda.get_array_module(x.data)
        axis = self.axis % x.ndim
        if xp.all(x.data != 0):
            return Cumsum(axis, reverse=True).apply((gy * y,))[0] / x,
        n = x.shape[axis]
        copies, shape = _nodes.copies_with_one(x, axis)
        partial = Cumprod(axis + 1).apply((copies,))[0]
        # keep the terms i >= k: lower triangle over (k, i)
        tri = xp.triu(xp.ones((n, n), dtype=x.dtype))
        tri = xp.broadcast_to(tri.reshape((n, n) + (1,) * (x.ndim - axis - 1)), shape)
        gys = broadcast.BroadcastTo(shape).apply(
            (_nodes.reshape(gy, x.shape[:axis] + (1,) + x.shape[axis:]),))[0]
        terms = gys * partial * tri
        return _sum_axis(terms, axis + 1),


def _sum_axis(x, axis):
    """``x`` summed over ``axis`` with differentiable nodes."""
    kept = x.shape[:axis] + (1,) + x.shape[axis + 1:]
    return _nodes.reshape(broadcast.SumTo(kept).apply((x,))[0],
                          x.shape[:axis] + x.shape[axis + 1:])


def cumprod(x, axis=None):
    """Cumulative product of the elements along an axis.

    Args:
        x (~chainer.Variable or array): input (floating point).
        axis (int or None): the axis; None multiplies over the flattened array (the
            result is then 1-d).

    Returns:
        ~chainer.Variable: ``y[..., i, ...] = prod(x[..., :i + 1, ...])``.

    Raises:
        TypeError: ``axis`` is neither None nor an int.
        ~chainer.utils.type_check.InvalidType: ``axis`` is out of range.
    """
    check_axis(axis)
    x, axis = flatten_if_no_axis(x, axis)
    return Cumprod(axis).apply((x,))[0]
