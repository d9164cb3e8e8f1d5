"""Moving one axis of a variable to another position: ``rollaxis``."""
from chainer.functions._axis import check_axis
from chainer.functions._axis import check_int
from chainer.functions.array._permutation import AxisPermutation
from chainer.utils import type_check


class Rollaxis(AxisPermutation):
    """Rolls ``axis`` backwards until it lies before ``start`` (as :func:`numpy.rollaxis`)."""

    def __init__(self, axis, start=0):
        self.axis = check_int(axis, 'axis')
        self.start = check_int(start, 'start')

    def check_type_forward(self, in_types):
        super(Rollaxis, self).check_type_forward(in_types)
        ndim = in_types[0].ndim
        check_axis(self.axis, ndim, 'axis')
        # start may equal ndim: the axis then moves to the end.
        start = type_check.make_variable(self.start, 'start')
        type_check.expect(-ndim <= start, start <= ndim)

    def permutation(self, ndim):
        axis = self.axis % ndim
        start = self.start + ndim if self.start < 0 else self.start
        if axis < start:
            start -= 1  # removing the axis first shifts the later positions left
        perm = [i for i in range(ndim) if i != axis]
        perm.insert(start, axis)
        return tuple(perm)


def rollaxis(x, axis, start=0):
    """Rolls the axis backwards to the given position.

    Args:
        x (~chainer.Variable): input variable.
        axis (int): the axis to roll backwards.
        start (int): the place to which the axis is moved.

    Returns:
        ~chainer.Variable: variable whose axis is rolled.
    """
    return Rollaxis(axis, start)(x)
