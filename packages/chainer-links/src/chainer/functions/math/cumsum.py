"""Cumulative sum along an axis: ``cumsum`` (Chainer v4+)."""
import numbers

from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.functions.math import _nodes
from chainer.utils import type_check


def check_axis(axis):
    """Raises TypeError unless ``axis`` is None or an integer."""
    if axis is not None and (not isinstance(axis, numbers.Integral)
                             or isinstance(axis, bool)):
        raise TypeError('axis must be None or an int, got {!r}'.format(axis))


def flatten_if_no_axis(x, axis):
    """``(x, axis)``, ``x`` flattened to 1-d and ``axis`` 0 when ``axis`` is None."""
    if axis is None:
        return _nodes.reshape(x, (x.size,)), 0
    return x, axis


class Cumsum(function_node.FunctionNode):
    """``y_i = sum_{j <= i} x_j`` along ``axis`` (``j >= i`` when ``reverse``); the
    gradient is the cumulative sum in the other direction."""

    def __init__(self, axis, reverse=False):
        self.axis = axis
        self.reverse = reverse

    @property
    def label(self):
        return 'Cumsum'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
        ndim = type_check.eval(in_types[0].ndim)
        type_check.expect(-ndim <= self.axis, self.axis < ndim)

    def forward(self, inputs):
        x = inputs[0]
        xp = cuda.get_array_module(x)
        if self.reverse:
            y = xp.flip(xp.cumsum(xp.flip(x, self.axis), axis=self.axis), self.axis)
        else:
            y = xp.cumsum(x, axis=self.axis)
        return utils.force_array(y, x.dtype),

    def backward(self, indexes, grad_outputs):
        return Cumsum(self.axis, not self.reverse).apply(grad_outputs)


def cumsum(x, axis=None):
    """Cumulative sum of the elements along an axis.

    Args:
        x (~chainer.Variable or array): input (floating point).
        axis (int or None): the axis; None sums over the flattened array (the result
            is then 1-d).

    Returns:
        ~chainer.Variable: ``y[..., i, ...] = sum(x[..., :i + 1, ...])``, of the shape
        of ``x`` (1-d when ``axis`` is None).

    Raises:
        TypeError: ``axis`` is neither None nor an int.
        ~chainer.utils.type_check.InvalidType: ``axis`` is out of range.
    """
    check_axis(axis)
    x, axis = flatten_if_no_axis(x, axis)
    return Cumsum(axis).apply((x,))[0]
