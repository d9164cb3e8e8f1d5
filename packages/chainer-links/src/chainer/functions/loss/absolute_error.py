"""Elementwise absolute error: ``absolute_error``."""
from chainer.functions.loss._pointwise_error import PointwiseError


class AbsoluteError(PointwiseError):
    """``y = |x0 - x1|`` elementwise."""

    def error(self, xp, diff):
        return abs(diff)

    def derivative(self, xp, diff):
        return xp.sign(diff)


def absolute_error(x0, x1):
    """Absolute error of every element, not reduced.

    .. math:: y_i = |x_{0,i} - x_{1,i}|

    Args:
        x0 (~chainer.Variable): float array.
        x1 (~chainer.Variable): float array of the shape and dtype of ``x0``.

    Returns:
        ~chainer.Variable: the errors, of the shape of ``x0``.

    .. seealso:: :func:`~chainer.functions.mean_absolute_error` for their mean.
    """
    return AbsoluteError()(x0, x1)
