"""Mean squared error."""
from chainer import function
from chainer.utils import force_array
from chainer.utils import type_check
from chainer.functions import _type_checks


class MeanSquaredError(function.Function):
    """Mean of the squared differences of two arrays of one shape."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x0, x1 = inputs
        self.diff = x0 - x1
        diff = self.diff.ravel()
        return force_array(diff.dot(diff) / diff.dtype.type(max(diff.size, 1)),
                           x0.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # differentiable twice
            from chainer import functions as F
            x0, x1 = inputs
            g = F.broadcast_to(F.reshape(grad_outputs[0], (1,) * x0.ndim), x0.shape)
            gx0 = g * (x0 - x1) * (2.0 / max(self.diff.size, 1))
            return gx0, -gx0
        coeff = grad_outputs[0] * self.diff.dtype.type(2.0 / max(self.diff.size, 1))
        gx0 = coeff * self.diff
        # numpy gives scalars for 0-d operands: gradients must be arrays
        return force_array(gx0), force_array(-gx0)


def mean_squared_error(x0, x1):
    """Mean squared error function.

    .. math:: L = \\frac{1}{n} \\sum_i (x_{0,i} - x_{1,i})^2

    over all ``n`` elements (not scaled by 1/2).

    Args:
        x0 (~chainer.Variable): float array.
        x1 (~chainer.Variable): float array of the shape and dtype of ``x0``.

    Returns:
        ~chainer.Variable: a scalar.
    """
    return MeanSquaredError()(x0, x1)
