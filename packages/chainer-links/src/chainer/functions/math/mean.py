"""Arithmetic mean of array elements: ``mean``."""
from chainer.functions.math.average import Mean


def mean(x, axis=None, keepdims=False):
    """Arithmetic mean of array elements over given axes.

    .. math:: y = \\frac{1}{n} \\sum_{i \\in \\mathrm{axis}} x_i,

    with ``n`` the number of averaged elements; the unweighted case of
    :func:`chainer.functions.average`.

    Args:
        x (~chainer.Variable): elements to average.
        axis (None, int or tuple of int): axes over which the mean is taken; None
            averages over all elements.
        keepdims (bool): keep the reduced axes, with length one.

    Returns:
        ~chainer.Variable: output variable.
    """
    return Mean(axis, keepdims)(x)
