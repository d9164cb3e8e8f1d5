"""Log-sum-exp of array elements: ``logsumexp``."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions import _log_space
from chainer.functions.math._reduction import check_reduction_axes
from chainer.functions.math._reduction import expand_to_input
from chainer.functions.math._reduction import reduction_axes
from chainer.functions.math._reduction import reduced_axes
from chainer.functions.math._reduction import reject_repeated_axes
from chainer.functions.math.sum import broadcast_back


class LogSumExp(function.Function):
    """``y = log(sum(exp(x), axis))``, computed stably by shifting by the maximum."""

    _differentiable_backward = True

    def __init__(self, axis=None):
        self.axis = reduction_axes(axis)

    def check_type_forward(self, in_types):
        check_reduction_axes(in_types, self.axis)

    def forward(self, inputs):
        x = inputs[0]
        shifted, self._m = _log_space.shift_by_max(x, self.axis)
        self._log_s = _log_space.log_sum_exp_shifted(shifted, self.axis)
        y = self._log_s + self._m
        self._y = utils.force_array(y.squeeze(axis=reduced_axes(x.ndim, self.axis)))
        return self._y,

    def backward(self, inputs, grad_outputs):
        x = inputs[0]
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            from chainer.functions._unary_elementwise import output_variable
            from chainer.functions.math.exp import exp
            y = output_variable(self, self._y)
            gy = broadcast_back(grad_outputs[0], x.shape, self.axis)
            return gy * exp(x - broadcast_back(y, x.shape, self.axis)),
        xp = cuda.get_array_module(x)
        gy = expand_to_input(xp, grad_outputs[0], x.shape, self.axis)
        # d/dx_i log sum_j exp(x_j) = exp(x_i - y), the softmax of x; computed as
        # exp((x_i - m) - log s) since y = m + log s rounds away digits when |m| is big.
        return utils.force_array(gy * xp.exp((x - self._m) - self._log_s)),


def logsumexp(x, axis=None):
    """Log-sum-exp of array elements over a given axis.

    .. math:: y_i = \\log\\left(\\sum_j \\exp(x_{ij})\\right).

    Computed as :math:`m + \\log \\sum_j \\exp(x_{ij} - m)` with :math:`m` the
    maximum, so large inputs neither overflow nor lose precision.

    Args:
        x (~chainer.Variable): elements to log-sum-exp.
        axis (None, int, or tuple of int): axes over which the sum is performed;
            None (the default) reduces over all the dimensions of the input array.

    Returns:
        ~chainer.Variable: output variable.
    """
    func = LogSumExp(axis)
    reject_repeated_axes(func.axis, x.ndim)
    return func(x)
