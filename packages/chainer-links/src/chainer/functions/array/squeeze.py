"""Removal of axes of length one: ``squeeze``."""
from chainer import function
from chainer.functions._axis import check_axes
from chainer.functions._axis import normalize_axes
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Squeeze(function.Function):
    """Removes the given axes of length one (all of them when ``axis`` is None)."""

    def __init__(self, axis=None):
        self.axis = normalize_axes(axis)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        if self.axis is None:
            return
        check_axes(self.axis, in_types[0].ndim)

    def forward(self, xs):
        x = xs[0]
        if self.axis is None:
            shape = tuple(n for n in x.shape if n != 1)
        else:
            drop = set(a % x.ndim for a in self.axis)
            # A value error as in Chainer v1 (where numpy.squeeze raised it): the axis
            # itself is valid, its length is not.
            longer = [a for a in sorted(drop) if x.shape[a] != 1]
            if longer:
                raise ValueError('cannot squeeze axis {} of length {} (input shape {})'
                                 .format(longer[0], x.shape[longer[0]], x.shape))
            shape = tuple(n for i, n in enumerate(x.shape) if i not in drop)
        return x.reshape(shape),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Squeeze(self.axis)(*a))
        return gys[0].reshape(xs[0].shape),


def squeeze(x, axis=None):
    """Removes dimensions of size one from the shape of an array.

    Args:
        x (~chainer.Variable or array): input data.
        axis (None or int or tuple of ints): a subset of the single-dimensional
            entries of the shape to remove; None removes all of them. An axis out of
            range raises :class:`~chainer.utils.type_check.InvalidType`; an axis
            whose length is not one raises ValueError, as in Chainer v1.

    Returns:
        ~chainer.Variable: variable whose dimensions of size one are removed.
    """
    return Squeeze(axis)(x)
