"""Base of ``absolute_error``/``squared_error``: an error of every element of two
arrays of one shape, with no reduction."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer.functions import _type_checks
from chainer.utils import type_check


class PointwiseError(function.Function):
    """``y = e(x0 - x1)`` elementwise; ``gx0 = -gx1 = gy * e'(x0 - x1)``.

    Subclasses define ``error(xp, diff)`` and ``derivative(xp, diff)``.
    """

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x0, x1 = inputs
        self.diff = x0 - x1
        xp = cuda.get_array_module(x0)
        return utils.force_array(self.error(xp, self.diff), x0.dtype),

    def backward(self, inputs, grad_outputs):
        xp = cuda.get_array_module(self.diff)
        gx0 = grad_outputs[0] * self.derivative(xp, self.diff)
        # force_array: the product and the negation of 0-d arrays are numpy scalars
        return (utils.force_array(gx0, self.diff.dtype),
                utils.force_array(-gx0, self.diff.dtype))
