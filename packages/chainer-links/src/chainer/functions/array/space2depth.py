"""Moving pixel blocks into channels: ``space2depth``."""
from chainer import function
from chainer.functions.array import _depth_space
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Space2Depth(function.Function):
    """Rearranges ``(n, c, h * r, w * r)`` into ``(n, r * r * c, h, w)``.

    Args:
        r (int): the downscaling factor.
    """

    def __init__(self, r):
        self.r = _depth_space.check_factor(r)

    def check_type_forward(self, in_types):
        x_type = _depth_space.expect_float_image(in_types)
        type_check.expect(x_type.shape[2] % self.r == 0, x_type.shape[3] % self.r == 0)

    def forward(self, inputs):
        return _depth_space.to_depth(inputs[0], self.r),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: Space2Depth(self.r)(*a))
        return _depth_space.to_space(grad_outputs[0], self.r),


def space2depth(X, r):
    """Downscales by moving each ``r x r`` pixel block into ``r * r`` channels.

    ``y[b, (di * r + dj) * c + ch, i, j] = X[b, ch, i * r + di, j * r + dj]``: the
    inverse of :func:`depth2space`.

    Args:
        X (~chainer.Variable or array): float array ``(n, c, h * r, w * r)``.
        r (int): the downscaling factor.

    Returns:
        ~chainer.Variable: array of shape ``(n, r * r * c, h, w)``.
    """
    return Space2Depth(r)(X)
