"""Broadcasting of variables: ``broadcast`` (several to a common shape) and ``broadcast_to``."""
import numpy

import chainer
from chainer import cuda
from chainer import function
from chainer.functions.array._sum_to import sum_to
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _broadcast_shape(shapes):
    try:
        return numpy.broadcast_shapes(*shapes)
    except ValueError:
        return None


class Broadcast(function.Function):
    """Broadcasts several arrays to their common shape (NumPy broadcasting rules)."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() > 0)
        shapes = [type_check.eval(t.shape) for t in in_types]
        if _broadcast_shape(shapes) is None:
            raise type_check.InvalidType(
                'in_types[*].shape broadcastable to one shape',
                'shapes {} do not broadcast together'.format(
                    ', '.join(str(s) for s in shapes)))

    def forward(self, xs):
        self._shapes = [x.shape for x in xs]
        xp = cuda.get_array_module(*xs)
        return tuple(xp.broadcast_arrays(*xs))

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Broadcast()(*a))
        return tuple(None if gy is None else sum_to(gy, shape)
                     for gy, shape in zip(gys, self._shapes))


def broadcast(*args):
    """Broadcasts given variables to a common shape.

    The shapes follow NumPy's broadcasting rules: trailing axes are aligned and an
    axis of length one is repeated. The gradient of each output is summed back to
    the shape of its input.

    Args:
        args (Variables): variables to be broadcast.

    Returns:
        tuple: the broadcast :class:`~chainer.Variable` objects (a single variable
        when one argument is given).
    """
    return Broadcast()(*args)


class BroadcastTo(function.Function):
    """Broadcasts an array to a given shape."""

    def __init__(self, shape):
        self._shape = tuple(shape)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_shape = type_check.eval(in_types[0].shape)
        if _broadcast_shape([x_shape, self._shape]) != self._shape:
            raise type_check.InvalidType(
                'in_types[0].shape broadcastable to {}'.format(self._shape),
                'in_types[0].shape == {}'.format(x_shape))

    def forward(self, xs):
        xp = cuda.get_array_module(xs[0])
        return xp.broadcast_to(xs[0], self._shape),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: BroadcastTo(self._shape)(*a))
        return sum_to(gys[0], xs[0].shape),


def broadcast_to(x, shape):
    """Broadcasts a given variable to a given shape.

    Args:
        x (~chainer.Variable): variable to be broadcast.
        shape (tuple of int): the shape of the output variable.

    Returns:
        ~chainer.Variable: ``x`` broadcast to ``shape``; its gradient is summed over
        the broadcast axes. When ``shape`` is already the shape of ``x``, ``x``
        itself (wrapped in a Variable if it is an array), as in Chainer v7.
    """
    if hasattr(x, 'shape') and tuple(x.shape) == tuple(shape):
        return chainer.as_variable(x)
    return BroadcastTo(shape)(x)
