"""Minimum of array elements over axes: ``min``."""
from chainer.functions.math._reduction import reject_repeated_axes
from chainer.functions.math._selection import SelectionReduce


class Min(SelectionReduce):
    """Minimum over axes; the gradient flows to the elements equal to the min."""

    reducer = 'amin'


def min(x, axis=None, keepdims=False):
    """Minimum of array elements over a given axis.

    .. math:: y = \\min_{i \\in \\mathrm{axis}} x_i.

    The gradient flows to the elements equal to the result (to each of them
    when several are tied).

    Args:
        x (~chainer.Variable): array to be minimized.
        axis (None, int, or tuple of int): axes over which the min is taken; None
            (the default) reduces over all the dimensions of the input array.
        keepdims (bool): keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: output variable.
    """
    func = Min(axis, keepdims)
    reject_repeated_axes(func.axis, x.ndim)
    return func(x)
