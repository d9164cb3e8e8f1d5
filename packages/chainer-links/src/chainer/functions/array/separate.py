"""Separation of a variable into the slices along an axis: ``separate``."""
from chainer import cuda
from chainer import function
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.functions.array._fill import fill_missing_grads
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Separate(function.Function):
    """Returns the slices ``x[..., i, ...]`` along ``axis`` as separate arrays (views)."""

    def __init__(self, axis=0):
        self.axis = check_int(axis, 'axis')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        check_axis(self.axis, in_types[0].ndim)

    def forward(self, xs):
        x = xs[0]
        axis = self.axis % x.ndim
        lead = (slice(None),) * axis
        # The trailing Ellipsis keeps 0-d results arrays (not numpy scalars).
        ys = tuple(x[lead + (i, Ellipsis)] for i in range(x.shape[axis]))
        self._out_like = [(y.shape, y.dtype) for y in ys]
        return ys

    @property
    def _differentiable_backward(self):
        return _linear_grad.outputs_alive(self)

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Separate(self.axis)(*a))
        xp = cuda.get_array_module(xs[0])
        return xp.stack(fill_missing_grads(xp, gys, self._out_like), axis=self.axis),


def separate(x, axis=0):
    """Separates an array along a given axis.

    For example, separating an array of shape ``(2, 3, 4)`` with ``axis=1`` gives
    three arrays of shape ``(2, 4)``. This is the inverse of
    :func:`chainer.functions.stack`.

    Args:
        x (~chainer.Variable): variable to be separated.
        axis (int): axis along which the variable is separated.

    Returns:
        tuple of ~chainer.Variable: the output variables.
    """
    ys = Separate(axis)(x)
    return ys if isinstance(ys, tuple) else (ys,)
