"""Elementwise choice between two variables: ``where``."""
import numpy

from chainer import cuda
from chainer import utils
from chainer.functions.array._sum_to import sum_to
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Where(function.Function):
    """``y = x if condition else y``, elementwise; ``condition`` is not differentiable."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 3)
        c_type, x_type, y_type = in_types
        type_check.expect(
            c_type.dtype.kind == 'b',
            x_type.dtype == y_type.dtype,
        )
        shapes = [type_check.eval(t.shape) for t in in_types]
        try:
            numpy.broadcast_shapes(*shapes)
        except ValueError:
            raise type_check.InvalidType(
                'condition, x and y broadcastable to one shape',
                'shapes {} do not broadcast together'.format(
                    ', '.join(str(s) for s in shapes)))

    def forward(self, inputs):
        c, x, y = inputs
        xp = cuda.get_array_module(x)
        return xp.where(c, x, y),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: Where()(*a))
        c, x, y = inputs
        gy = grad_outputs[0]
        xp = cuda.get_array_module(x)
        zero = xp.zeros((), dtype=gy.dtype)
        # summed back over the axes that broadcasting added or stretched (v7)
        return (None, utils.force_array(sum_to(xp.where(c, gy, zero), x.shape)),
                utils.force_array(sum_to(xp.where(c, zero, gy), y.shape)))


def where(condition, x, y):
    """Chooses elements depending on a condition.

    ``condition``, ``x`` and ``y`` are broadcast to one shape (v7; v1 required
    equal shapes); the gradient of ``x`` and ``y`` is summed back to their shapes.

    Args:
        condition (~chainer.Variable): boolean array of the condition.
        x (~chainer.Variable): values chosen where ``condition`` is True.
        y (~chainer.Variable): values chosen where ``condition`` is False.

    Returns:
        ~chainer.Variable: variable containing the chosen values.
    """
    return Where()(condition, x, y)
