"""Reversal of a variable along any axis: ``flip``."""
from chainer import function
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


def _flip(array, axis):
    """``array`` reversed along ``axis`` (a view), as :func:`numpy.flip`."""
    axis = axis % array.ndim
    return array[(slice(None),) * axis + (slice(None, None, -1),)]


class Flip(function.Function):
    """Reverses the elements along ``axis`` (a view); the map is its own inverse."""

    def __init__(self, axis):
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        check_axis(self.axis, in_types[0].ndim)

    def forward(self, xs):
        return _flip(xs[0], self.axis),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Flip(self.axis)(*a))
        return _flip(gys[0], self.axis),


def flip(x, axis):
    """Flips the order of the elements of an array along an axis.

    Args:
        x (~chainer.Variable or array): input variable.
        axis (int): the axis to reverse; out of range raises
            :class:`~chainer.utils.type_check.InvalidType`.

    Returns:
        ~chainer.Variable: ``y`` with ``y[..., i, ...] = x[..., -1 - i, ...]``.
    """
    return Flip(axis)(x)
