"""Base of the functions that reverse one axis of an array (fliplr, flipud)."""
from chainer import function
from chainer.utils import type_check


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

    def backward(self, xs, gys):
        return self._flip(gys[0]),
