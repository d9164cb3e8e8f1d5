"""Padding a list of sequences into one batch array: ``pad_sequence``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions._axis import check_int
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class PadSequence(function.Function):
    """Stacks arrays whose first axes differ, padding each to ``length``.

    Args:
        length (int or None): length of the padded axis; None uses the longest input.
        padding (int or float): the value written after each sequence.
    """

    def __init__(self, length, padding):
        self.length = None if length is None else check_int(length, 'length')
        self.padding = padding

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        first = in_types[0]
        for i in range(type_check.eval(in_types.size())):
            x_type = in_types[i]
            type_check.expect(x_type.ndim > 0,
                              x_type.shape[1:] == first.shape[1:],
                              x_type.dtype == first.dtype)
            if self.length is not None:
                type_check.expect(x_type.shape[0] <= self.length)

    def forward(self, xs):
        xp = cuda.get_array_module(*xs)
        length = max(len(x) for x in xs) if self.length is None else self.length
        y = xp.empty((len(xs), length) + xs[0].shape[1:], dtype=xs[0].dtype)
        # A cast (not an assignment) wraps out-of-range padding such as -1 for uint8 on
        # numpy 2 too, as assignment did on numpy 1 and v1 code relies on.
        fill = numpy.asarray(self.padding).astype(y.dtype)
        for row, x in zip(y, xs):
            row[:len(x)] = x
            row[len(x):] = fill
        return y,

    _differentiable_backward = True

    def backward(self, xs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, grad_outputs, lambda *a: PadSequence(self.length, 0)(*a))
        gy = grad_outputs[0]
        return tuple(gy[i, :len(x)] for i, x in enumerate(xs))


def pad_sequence(xs, length=None, padding=0):
    """Pads sequences of different lengths and stacks them into one array.

    ``y[i, :len(xs[i])] = xs[i]`` and ``y[i, len(xs[i]):] = padding``.

    Args:
        xs (list of ~chainer.Variable): arrays of shapes ``(L_i, ...)`` that agree
            after the first axis and share one dtype.
        length (int or None): length of the padded axis; it must be at least every
            ``L_i``. None uses ``max(L_i)``.
        padding (int or float): value that fills each row after its sequence.

    Returns:
        ~chainer.Variable: array of shape ``(len(xs), length, ...)``.
    """
    return PadSequence(length, padding)(*xs)
