"""Base of the functions that permute the axes of an array (transpose, swapaxes, rollaxis)."""
import numpy

from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class AxisPermutation(function.Function):
    """Applies ``x.transpose(perm)`` (a view); the gradient is transposed back.

    Subclasses define :meth:`permutation`, the axis order for an input of ``ndim``
    axes, and may extend :meth:`check_type_forward` to validate their arguments.
    """

    def permutation(self, ndim):
        """The axis order applied to an input of ``ndim`` axes.

        Args:
            ndim (int): the number of axes of the input.

        Returns:
            tuple of ints: a permutation of ``range(ndim)``; output axis ``i`` is input
            axis ``permutation(ndim)[i]``.
        """
        raise NotImplementedError('AxisPermutation subclasses define permutation()')

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)

    def forward(self, xs):
        return xs[0].transpose(self.permutation(xs[0].ndim)),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: FixedPermutation(self.permutation(a[0].ndim))(*a))
        inverse = numpy.argsort(self.permutation(xs[0].ndim))
        return gys[0].transpose(tuple(int(i) for i in inverse)),


class FixedPermutation(AxisPermutation):
    """Transposes by a given permutation (the node that a double backprop applies)."""

    def __init__(self, perm):
        self.perm = tuple(int(i) for i in perm)

    def permutation(self, ndim):
        return self.perm
