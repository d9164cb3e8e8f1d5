"""Squared L2 norm of each example of a mini-batch: ``batch_l2_norm_squared``."""
from chainer import cuda
from chainer import function
from chainer import variable
from chainer.functions.math import _nodes
from chainer.utils import type_check


class BatchL2NormSquared(function.Function):
    """``y_i = sum_j x_ij^2`` over all axes but the first; ``gx = 2 x gy``."""

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        type_check.expect(in_types[0].dtype.kind == 'f', in_types[0].ndim >= 2)

    def forward(self, inputs):
        x = inputs[0].reshape(len(inputs[0]), -1)
        xp = cuda.get_array_module(x)
        # einsum sums the squares without allocating x * x.
        return xp.einsum('ij,ij->i', x, x),

    def backward(self, inputs, grad_outputs):
        x = inputs[0]
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            gy = _nodes.reshape(grad_outputs[0], (len(x),) + (1,) * (x.ndim - 1))
            return x * gy * x.dtype.type(2),
        gy = grad_outputs[0].reshape((len(x),) + (1,) * (x.ndim - 1))
        return 2 * x * gy,


def batch_l2_norm_squared(x):
    """L2 norm (a.k.a. Euclidean norm) squared, per example.

    .. math:: y_i = \\sum_j x_{ij}^2.

    No reduction along the batch axis is done.

    Args:
        x (~chainer.Variable): input variable whose first dimension is the
            mini-batch dimension; all other dimensions are flattened into one.

    Returns:
        ~chainer.Variable: output variable of shape ``(batchsize,)``.
    """
    return BatchL2NormSquared()(x)
