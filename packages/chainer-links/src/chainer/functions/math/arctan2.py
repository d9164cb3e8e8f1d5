"""Elementwise arc tangent of a quotient: ``arctan2`` (Chainer v3+)."""
from chainer import cuda
from chainer import function_node
from chainer import utils
from chainer.utils import type_check


class Arctan2(function_node.FunctionNode):
    """``y = arctan2(x1, x2)``, the angle of the point ``(x2, x1)``;
    ``dy/dx1 = x2 / (x1^2 + x2^2)`` and ``dy/dx2 = -x1 / (x1^2 + x2^2)``."""

    @property
    def label(self):
        return 'arctan2'

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2,
                          in_types[0].dtype.kind == 'f',
                          in_types[1].dtype.kind == 'f')
        type_check.expect_broadcast_shapes(in_types[0].shape, in_types[1].shape)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x1, x2 = inputs
        xp = cuda.get_array_module(x1)
        return utils.force_array(xp.arctan2(x1, x2)),

    def backward(self, indexes, grad_outputs):
        from chainer.core_functions import broadcast
        x1, x2 = self.get_retained_inputs()
        gy, = grad_outputs
        scale = gy / (x1 * x1 + x2 * x2)
        ret = []
        if 0 in indexes:
            ret.append(broadcast.sum_to(scale * x2, x1.shape))
        if 1 in indexes:
            ret.append(broadcast.sum_to(-scale * x1, x2.shape))
        return tuple(ret)


def arctan2(x1, x2):
    """Elementwise arc tangent of ``x1 / x2``, choosing the quadrant by the signs.

    Args:
        x1 (~chainer.Variable or array): the y-coordinates (floating point).
        x2 (~chainer.Variable or array): the x-coordinates, broadcastable with ``x1``.

    Returns:
        ~chainer.Variable: the angles in ``[-pi, pi]``; differentiable to any order
        (except at the origin).
    """
    return Arctan2().apply((x1, x2))[0]
