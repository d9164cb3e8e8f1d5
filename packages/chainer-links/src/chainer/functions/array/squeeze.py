"""Removal of axes of length one: ``squeeze``."""
from chainer import function
from chainer.functions._axis import check_axes
from chainer.functions._axis import normalize_axes
from chainer.utils import type_check


class Squeeze(function.Function):
    """Removes the given axes of length one (all of them when ``axis`` is None)."""

    def __init__(self, axis=None):
        self.axis = normalize_axes(axis)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        if self.axis is None:
            return
        x_type = in_types[0]
        check_axes(self.axis, x_type.ndim)
        ndim = type_check.eval(x_type.ndim)
        for a in self.axis:
            type_check.expect(x_type.shape[a % ndim] == 1)

    def forward(self, xs):
        x = xs[0]
        if self.axis is None:
            shape = tuple(n for n in x.shape if n != 1)
        else:
            drop = set(a % x.ndim for a in self.axis)
            shape = tuple(n for i, n in enumerate(x.shape) if i not in drop)
        return x.reshape(shape),

    def backward(self, xs, gys):
        return gys[0].reshape(xs[0].shape),


def squeeze(x, axis=None):
    """Removes dimensions of size one from the shape of an array.

    Args:
        x (~chainer.Variable or array): input data.
        axis (None or int or tuple of ints): a subset of the single-dimensional
            entries of the shape to remove; None removes all of them. Selecting an
            axis whose length is not one raises
            :class:`~chainer.utils.type_check.InvalidType`.

    Returns:
        ~chainer.Variable: variable whose dimensions of size one are removed.
    """
    return Squeeze(axis)(x)
