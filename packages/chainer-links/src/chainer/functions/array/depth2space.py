"""Moving channels into pixels (sub-pixel upscaling): ``depth2space``."""
from chainer import function
from chainer.functions.array import _depth_space
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class Depth2Space(function.Function):
    """Rearranges ``(n, r * r * c, h, w)`` into ``(n, c, h * r, w * r)``.

    Args:
        r (int): the upscaling factor.
    """

    def __init__(self, r):
        self.r = _depth_space.check_factor(r)

    def check_type_forward(self, in_types):
        x_type = _depth_space.expect_float_image(in_types)
        type_check.expect(x_type.shape[1] % (self.r * self.r) == 0)

    def forward(self, inputs):
        return _depth_space.to_space(inputs[0], self.r),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: Depth2Space(self.r)(*a))
        return _depth_space.to_depth(grad_outputs[0], self.r),


def depth2space(X, r):
    """Upscales by moving groups of ``r * r`` channels into ``r x r`` pixel blocks.

    ``y[b, ch, i * r + di, j * r + dj] = X[b, (di * r + dj) * c + ch, i, j]``: the
    rearrangement of sub-pixel convolution (https://arxiv.org/abs/1609.05158).

    Args:
        X (~chainer.Variable or array): float array ``(n, r * r * c, h, w)``.
        r (int): the upscaling factor.

    Returns:
        ~chainer.Variable: array of shape ``(n, c, h * r, w * r)``.

    .. seealso:: :func:`space2depth`, its inverse.
    """
    return Depth2Space(r)(X)
