"""Permutation of the axes of a variable: ``transpose``."""
from chainer.functions._axis import check_axes
from chainer.functions._axis import normalize_axes
from chainer.functions.array._permutation import AxisPermutation
from chainer.utils import type_check


class Transpose(AxisPermutation):
    """Permutes the axes of an array (reverses them when ``axes`` is None)."""

    def __init__(self, axes=None):
        self.axes = normalize_axes(axes, 'axes')

    def check_type_forward(self, in_types):
        super(Transpose, self).check_type_forward(in_types)
        if self.axes is not None:
            type_check.expect(
                in_types[0].ndim == type_check.make_variable(len(self.axes), 'len(axes)'))
            check_axes(self.axes, in_types[0].ndim, 'axes')

    def permutation(self, ndim):
        if self.axes is None:
            return tuple(range(ndim))[::-1]
        return tuple(a % ndim for a in self.axes)


def transpose(x, axes=None):
    """Permutes the dimensions of an input variable without copy.

    Args:
        x (~chainer.Variable): input variable.
        axes (tuple of ints): by default the dimensions are reversed, otherwise
            permuted according to the values given.

    Returns:
        ~chainer.Variable: variable whose axes are permuted.
    """
    return Transpose(axes)(x)
