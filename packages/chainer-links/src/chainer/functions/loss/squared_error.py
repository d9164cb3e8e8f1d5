"""Elementwise squared error: ``squared_error``."""
from chainer.functions.loss._pointwise_error import PointwiseError


class SquaredError(PointwiseError):
    """``y = (x0 - x1)^2`` elementwise."""

    def error(self, xp, diff):
        return diff * diff

    def derivative(self, xp, diff):
        return 2 * diff

    def variable_derivative(self, x0, x1):
        return (x0 - x1) * 2.0


def squared_error(x0, x1):
    """Squared error of every element, not reduced and not halved.

    .. math:: y_i = (x_{0,i} - x_{1,i})^2

    Args:
        x0 (~chainer.Variable): float array.
        x1 (~chainer.Variable): float array of the shape and dtype of ``x0``.

    Returns:
        ~chainer.Variable: the errors, of the shape of ``x0``.

    .. seealso:: :func:`~chainer.functions.mean_squared_error` for their mean.
    """
    return SquaredError()(x0, x1)
