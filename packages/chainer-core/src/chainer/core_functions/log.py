"""Natural logarithm as a FunctionNode: the operators' own need (the gradient of
``x ** y`` by ``y`` holds ``log(x)``, differentiated again in a double backprop)."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class Log(function_node.FunctionNode):
    """``y = log(x)``; ``dy/dx = 1 / x``."""

    @property
    def label(self):
        return 'log'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')

    def forward(self, inputs):
        self.retain_inputs((0,))
        x = inputs[0]
        return utils.force_array(cuda.get_array_module(x).log(x)),

    def backward(self, target_input_indexes, grad_outputs):
        x, = self.get_retained_inputs()
        return grad_outputs[0] / x,


def log(x):
    """Elementwise natural logarithm of a float variable, differentiable twice.

    Args:
        x (~chainer.Variable or array): the input.

    Returns:
        ~chainer.Variable: ``log(x)``.
    """
    return Log().apply((x,))[0]
