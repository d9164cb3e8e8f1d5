"""Base of ``maximum``/``minimum``: elementwise choice of one of two inputs."""
from chainer import cuda
from chainer import function
from chainer import utils
from chainer import variable
from chainer.core_functions import broadcast
from chainer.utils import type_check


class PairwiseSelect(function.Function):
    """``y = x1 if first_wins(x1, x2) else x2`` elementwise; the gradient follows the pick.

    Subclasses set ``selector`` (``'maximum'`` or ``'minimum'``) and ``wins``, the
    comparison (``'greater_equal'`` or ``'less_equal'``) under which ``x1`` is the one
    picked, so that ties send the gradient to ``x1`` only. The shapes broadcast (v7);
    each gradient is summed back to its input's shape.
    """

    selector = None
    wins = None

    _differentiable_backward = True

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2,
                          in_types[0].dtype.kind == 'f',
                          in_types[1].dtype == in_types[0].dtype)
        type_check.expect_broadcast_shapes(in_types[0].shape, in_types[1].shape)

    def forward(self, inputs):
        x1, x2 = inputs
        xp = cuda.get_array_module(x1)
        return utils.force_array(getattr(xp, self.selector)(x1, x2)),

    def backward(self, inputs, grad_outputs):
        x1, x2 = inputs
        gy = grad_outputs[0]
        if isinstance(gy, variable.Variable):  # a double backprop: constant masks
            d1, d2 = x1.data, x2.data
            xp = cuda.get_array_module(d1)
            first = getattr(xp, self.wins)(d1, d2).astype(d1.dtype)
            return (broadcast.sum_to(gy * first, d1.shape),
                    broadcast.sum_to(gy * (1 - first), d2.shape))
        xp = cuda.get_array_module(x1)
        zero = xp.zeros((), dtype=gy.dtype)
        first = getattr(xp, self.wins)(x1, x2)
        return (broadcast.sum_to(utils.force_array(xp.where(first, gy, zero)), x1.shape),
                broadcast.sum_to(utils.force_array(xp.where(first, zero, gy)), x2.shape))
