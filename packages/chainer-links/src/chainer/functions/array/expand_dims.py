"""Insertion of an axis of length one: ``expand_dims``."""
from chainer import function
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class ExpandDims(function.Function):
    """Inserts an axis of length one at ``axis`` (a view, no copy)."""

    def __init__(self, axis):
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        # The output has ndim + 1 axes, so axis may range over -(ndim + 1) .. ndim.
        check_axis(self.axis, in_types[0].ndim + 1)

    def forward(self, xs):
        x = xs[0]
        axis = self.axis % (x.ndim + 1)
        return x.reshape(x.shape[:axis] + (1,) + x.shape[axis:]),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: ExpandDims(self.axis)(*a))
        return gys[0].reshape(xs[0].shape),


def expand_dims(x, axis):
    """Expands dimensions of an input variable without copy.

    Args:
        x (~chainer.Variable): input variable.
        axis (int): position where the new axis is inserted (negative counts from the
            end of the output shape, as in :func:`numpy.expand_dims`).

    Returns:
        ~chainer.Variable: variable that holds the expanded input.
    """
    return ExpandDims(axis)(x)
