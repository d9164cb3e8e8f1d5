"""Repetition of the elements of a variable: ``repeat``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions.array import _add_at
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


def _check_repeats(repeats):
    if isinstance(repeats, (int, numpy.integer)):  # bool is an int too (0 or 1)
        repeats = (repeats,)
    if not isinstance(repeats, (tuple, list)) or not all(
            isinstance(r, (int, numpy.integer)) for r in repeats):
        raise TypeError('repeats must be an int or a tuple of ints, got {!r}'
                        .format(repeats))
    if any(r < 0 for r in repeats):
        raise ValueError('repeats must be non-negative, got {}'.format(tuple(repeats)))
    return tuple(int(r) for r in repeats)


class Repeat(function.Function):
    """Repeats each element ``repeats`` times along ``axis`` (the flattened input when
    ``axis`` is None), as :func:`numpy.repeat`; the gradient sums the copies."""

    def __init__(self, repeats, axis=None):
        self.repeats = _check_repeats(repeats)
        if axis is not None and (isinstance(axis, bool) or
                                 not isinstance(axis, (int, numpy.integer))):
            raise TypeError('axis must be None or an int, got {!r}'.format(axis))
        self.axis = None if axis is None else int(axis)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        if self.axis is not None:
            axis = type_check.make_variable(self.axis, 'axis')
            type_check.expect(-x_type.ndim <= axis, axis < x_type.ndim)
            length = x_type.shape[self.axis]
        else:
            length = 1
            for n in type_check.eval(x_type.shape):
                length *= n
        if len(self.repeats) > 1:
            type_check.expect(
                length == type_check.make_variable(len(self.repeats), 'len(repeats)'))

    def _counts(self, n):
        return self.repeats if len(self.repeats) > 1 else self.repeats * n

    def forward(self, xs):
        x = xs[0]
        xp = cuda.get_array_module(x)
        repeats = self.repeats[0] if len(self.repeats) == 1 else list(self.repeats)
        return xp.repeat(x, repeats, self.axis),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Repeat(self.repeats, self.axis)(*a))
        x, gy = xs[0], gys[0]
        xp = cuda.get_array_module(x)
        axis = 0 if self.axis is None else self.axis % x.ndim
        src = x.reshape(-1) if self.axis is None else x
        n = src.shape[axis]
        # output position j along the axis is a copy of input position owner[j]
        owner = numpy.repeat(numpy.arange(n), self._counts(n))
        g = gy.reshape(-1) if self.axis is None else gy
        g = xp.moveaxis(g, axis, 0)
        gx = xp.zeros((n,) + g.shape[1:], dtype=gy.dtype)
        _add_at.add_at(gx, xp.asarray(owner), g)
        gx = xp.moveaxis(gx, 0, axis)
        return gx.reshape(x.shape),


def repeat(x, repeats, axis=None):
    """Repeats the elements of an array, as :func:`numpy.repeat`.

    Args:
        x (~chainer.Variable or array): input variable.
        repeats (int, bool or tuple of them): the number of repetitions of each
            element: one for all, or one per element along ``axis``. Negative
            values raise ValueError.
        axis (int or None): the axis along which to repeat; None repeats the
            elements of the flattened input.

    Returns:
        ~chainer.Variable: the repeated variable.
    """
    return Repeat(repeats, axis)(x)
