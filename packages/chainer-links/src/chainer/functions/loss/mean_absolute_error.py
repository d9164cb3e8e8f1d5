"""Mean absolute error."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions import _type_checks


class MeanAbsoluteError(function.Function):
    """Mean of the absolute differences of two arrays of one shape."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        _type_checks.expect_same_float_arrays(in_types)

    def forward(self, inputs):
        x0, x1 = inputs
        self.diff = x0 - x1
        # float16 sums accumulate in float32 (a large batch of float16 errors would
        # overflow); the mean is rounded to x0's dtype.
        acc = numpy.float32 if x0.dtype == numpy.float16 else x0.dtype.type
        total = abs(self.diff).sum(dtype=acc) / acc(max(self.diff.size, 1))
        return cuda.get_array_module(x0).asarray(total, dtype=x0.dtype),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        from chainer.functions.loss import _double
        if _double.is_variable(grad_outputs[0]):  # second derivative: 0 a.e.
            from chainer import functions as F
            xp = cuda.get_array_module(self.diff)
            x0 = inputs[0]
            g = F.broadcast_to(F.reshape(grad_outputs[0], (1,) * x0.ndim), x0.shape)
            sign = xp.sign(self.diff) * (1.0 / max(self.diff.size, 1))
            gx0 = g * _double.constant(sign.astype(self.diff.dtype))
            return gx0, -gx0
        xp = cuda.get_array_module(self.diff)
        coeff = grad_outputs[0] * self.diff.dtype.type(1.0 / max(self.diff.size, 1))
        gx0 = (coeff * xp.sign(self.diff)).astype(self.diff.dtype, copy=False)
        return gx0, -gx0


def mean_absolute_error(x0, x1):
    """Mean absolute error function.

    .. math:: L = \\frac{1}{n} \\sum_i |x_{0,i} - x_{1,i}|

    over all ``n`` elements.

    Args:
        x0 (~chainer.Variable): float array.
        x1 (~chainer.Variable): float array of the shape and dtype of ``x0``.

    Returns:
        ~chainer.Variable: a scalar.
    """
    return MeanAbsoluteError()(x0, x1)
