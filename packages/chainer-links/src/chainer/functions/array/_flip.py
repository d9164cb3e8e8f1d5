"""Base of the functions that reverse one axis of an array (fliplr, flipud)."""
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class AxisFlip(function.Function):
    """Reverses the order of the elements along the class attribute ``axis`` (a view).

    The map is its own inverse, so the gradient is the flipped output gradient.
    """

    axis = 0

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1, in_types[0].ndim >= self.axis + 1)

    def _flip(self, a):
        index = (slice(None),) * self.axis + (slice(None, None, -1),)
        return a[index]

    def forward(self, xs):
        return self._flip(xs[0]),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: type(self)()(*a))
        return self._flip(gys[0]),
