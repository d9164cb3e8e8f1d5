"""Stacking of variables along a new axis: ``stack``."""
from chainer import cuda
from chainer import function
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Stack(function.Function):
    """Stacks arrays of one shape along a new axis ``axis``."""

    def __init__(self, axis=0):
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        check_axis(self.axis, in_types[0].ndim + 1)
        for i in range(1, type_check.eval(in_types.size())):
            type_check.expect(in_types[0].dtype == in_types[i].dtype,
                              in_types[0].shape == in_types[i].shape)

    def forward(self, xs):
        xp = cuda.get_array_module(*xs)
        return xp.stack(xs, axis=self.axis),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Stack(self.axis)(*a))
        gy = gys[0]
        axis = self.axis % gy.ndim
        lead = (slice(None),) * axis
        # The trailing Ellipsis keeps 0-d results arrays (not numpy scalars).
        return tuple(gy[lead + (i, Ellipsis)] for i in range(len(xs)))


def stack(xs, axis=0):
    """Concatenates variables along a new axis.

    Args:
        xs (list of ~chainer.Variable): variables of one shape and dtype.
        axis (int): axis of the result along which the variables are stacked.

    Returns:
        ~chainer.Variable: output variable, with ``len(xs)`` at ``axis``.
    """
    return Stack(axis)(*xs)
