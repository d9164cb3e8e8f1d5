"""Maximum of array elements over axes: ``max``."""
from chainer.functions.math._reduction import reject_repeated_axes
from chainer.functions.math._selection import SelectionReduce


class Max(SelectionReduce):
    """Maximum over axes; the gradient flows to the elements equal to the max."""

    reducer = 'amax'


def max(x, axis=None, keepdims=False):
    """Maximum of array elements over a given axis.

    .. math:: y = \\max_{i \\in \\mathrm{axis}} x_i.

    The gradient flows to the elements equal to the result (to each of them
    when several are tied).

    Args:
        x (~chainer.Variable): array to be maximized.
        axis (None, int, or tuple of int): axes over which the max is taken; None
            (the default) reduces over all the dimensions of the input array.
        keepdims (bool): keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: output variable.
    """
    func = Max(axis, keepdims)
    reject_repeated_axes(func.axis, x.ndim)
    return func(x)
