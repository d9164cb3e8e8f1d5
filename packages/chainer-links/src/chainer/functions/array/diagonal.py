"""Extraction of a diagonal of a variable: ``diagonal``."""
from chainer import cuda
from chainer import function
from chainer.functions._axis import check_int
from chainer.functions.array import _linear_grad
from chainer.utils import type_check


class Diagonal(function.Function):
    """``y[..., i] = x[..., i, i + offset]`` over the axes ``axis1`` and ``axis2``
    (as :func:`numpy.diagonal`); the gradient writes back onto that diagonal."""

    def __init__(self, offset=0, axis1=0, axis2=1):
        self.offset = check_int(offset, 'offset')
        self.axis1 = check_int(axis1, 'axis1')
        self.axis2 = check_int(axis2, 'axis2')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        ndim = type_check.eval(in_types[0].ndim)
        for name, a in (('axis1', self.axis1), ('axis2', self.axis2)):
            if not -ndim <= a < ndim:
                raise type_check.InvalidType('-ndim <= {} < ndim'.format(name),
                                             '{} == {} for ndim {}'.format(name, a, ndim))
        if self.axis1 % ndim == self.axis2 % ndim:
            raise type_check.InvalidType('axis1 != axis2',
                                         'both are axis {}'.format(self.axis1 % ndim))

    def forward(self, xs):
        xp = cuda.get_array_module(xs[0])
        return xp.ascontiguousarray(
            xs[0].diagonal(self.offset, self.axis1, self.axis2)),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):
            return _linear_grad.transposed_grads(
                self, xs, gys,
                lambda *a: Diagonal(self.offset, self.axis1, self.axis2)(*a))
        x, gy = xs[0], gys[0]
        xp = cuda.get_array_module(x)
        gx = xp.zeros_like(x)
        # a view of gx with the two axes last, whose diagonal is written in place
        view = xp.moveaxis(gx, (self.axis1, self.axis2), (-2, -1))
        n = gy.shape[-1]
        rows = xp.arange(n) + max(-self.offset, 0)
        cols = xp.arange(n) + max(self.offset, 0)
        view[..., rows, cols] = gy
        return gx,


def diagonal(x, offset=0, axis1=0, axis2=1):
    """Takes a diagonal of an array, as :func:`numpy.diagonal`.

    Args:
        x (~chainer.Variable or array): input of at least two dimensions.
        offset (int): the diagonal's offset from the main one (positive: above).
        axis1 (int): the first axis of the 2-d sub-arrays.
        axis2 (int): the second axis of the 2-d sub-arrays.

    Returns:
        ~chainer.Variable: the diagonals, along the last axis of the result.
    """
    return Diagonal(offset, axis1, axis2)(x)
