"""Concatenation of variables along an existing axis: ``concat``."""
from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Concat(function.Function):
    """Concatenates arrays along an axis; the gradient is split back along it."""

    def __init__(self, axis=1):
        if not isinstance(axis, int):
            raise TypeError('axis must be int, got {}'.format(type(axis).__name__))
        self.axis = axis

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        type_check.expect(in_types[0].ndim >
                          type_check.make_variable(self.axis, 'axis'),
                          -in_types[0].ndim <= type_check.make_variable(self.axis, 'axis'))
        ndim = type_check.eval(in_types[0].ndim)
        axis = self.axis % ndim
        for i in range(1, type_check.eval(in_types.size())):
            type_check.expect(in_types[0].dtype == in_types[i].dtype,
                              in_types[0].ndim == in_types[i].ndim)
            for d in range(ndim):
                if d != axis:
                    type_check.expect(in_types[0].shape[d] == in_types[i].shape[d])

    def forward(self, xs):
        xp = cuda.get_array_module(*xs)
        return xp.concatenate(xs, axis=self.axis),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Concat(self.axis)(*a))
        if len(xs) == 1:
            return gys
        xp = cuda.get_array_module(*gys)
        sizes = [x.shape[self.axis] for x in xs[:-1]]
        offsets = list(_cumsum(sizes))
        return tuple(xp.split(gys[0], offsets, axis=self.axis))


def _cumsum(sizes):
    total = 0
    for s in sizes:
        total += s
        yield total


def concat(xs, axis=1):
    """Concatenates given variables along an axis.

    Args:
        xs (tuple of Variables): variables to be concatenated; equal dtypes and equal
            shapes except along ``axis``.
        axis (int): axis that the input arrays are concatenated along.

    Returns:
        ~chainer.Variable: the concatenated variable.
    """
    return Concat(axis=axis)(*xs)
