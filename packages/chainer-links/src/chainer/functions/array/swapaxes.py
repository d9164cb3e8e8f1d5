"""Exchange of two axes of a variable: ``swapaxes``."""
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.functions.array._permutation import AxisPermutation


class Swapaxes(AxisPermutation):
    """Swaps the axes ``axis1`` and ``axis2`` of an array (a view)."""

    def __init__(self, axis1, axis2):
        self.axis1 = check_int(axis1, 'axis1')
        self.axis2 = check_int(axis2, 'axis2')

    def check_type_forward(self, in_types):
        super(Swapaxes, self).check_type_forward(in_types)
        check_axis(self.axis1, in_types[0].ndim, 'axis1')
        check_axis(self.axis2, in_types[0].ndim, 'axis2')

    def permutation(self, ndim):
        perm = list(range(ndim))
        a, b = self.axis1 % ndim, self.axis2 % ndim
        perm[a], perm[b] = perm[b], perm[a]
        return tuple(perm)


def swapaxes(x, axis1, axis2):
    """Swaps two axes of a variable.

    Args:
        x (~chainer.Variable): input variable.
        axis1 (int): the first axis to swap.
        axis2 (int): the second axis to swap.

    Returns:
        ~chainer.Variable: variable whose axes are swapped.
    """
    return Swapaxes(axis1, axis2)(x)
