"""Elementwise squared difference: ``squared_difference``."""
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions import _type_checks
from chainer.utils import type_check


class SquaredDifference(function.Function):
    """``y = (x1 - x2) ** 2`` elementwise."""

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x1, x2 = inputs
        self._diff = x1 - x2
        return utils.force_array(self._diff * self._diff),

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            x1, x2 = inputs
            g = (x1 - x2) * grad_outputs[0] * x1.dtype.type(2)
            return g, -g
        # 2 in the data's type: numpy 1 promotes a 0-d float32 array times an int
        gx1 = utils.force_array(self._diff.dtype.type(2) * self._diff * grad_outputs[0])
        return gx1, utils.force_array(-gx1)


def squared_difference(x1, x2):
    """Squared difference of input variables.

    .. math:: y_i = (x_{1,i} - x_{2,i})^2.

    Args:
        x1 (~chainer.Variable): input variable.
        x2 (~chainer.Variable): input variable of the shape and dtype of ``x1``.

    Returns:
        ~chainer.Variable: output variable.
    """
    return SquaredDifference()(x1, x2)
