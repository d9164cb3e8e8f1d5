"""Reshaping of a variable: ``reshape``."""
import chainer
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


def _resolve_shape(shape, size):
    """Returns ``shape`` with its single -1 entry inferred from ``size``, or None."""
    known = 1
    unknown = [i for i, n in enumerate(shape) if n == -1]
    for n in shape:
        if n != -1:
            known *= n
    if len(unknown) > 1 or any(n < -1 for n in shape):
        return None
    if not unknown:
        return shape if known == size else None
    if known == 0 or size % known:
        return None
    resolved = list(shape)
    resolved[unknown[0]] = size // known
    return tuple(resolved)


class Reshape(function.Function):
    """Reshapes an array (a view when the memory layout allows); one entry may be -1."""

    def __init__(self, shape):
        if isinstance(shape, int):
            shape = (shape,)
        self.shape = tuple(int(n) for n in shape)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_shape = type_check.eval(in_types[0].shape)
        size = 1
        for n in x_shape:
            size *= n
        if _resolve_shape(self.shape, size) is None:
            raise type_check.InvalidType(
                'prod(in_types[0].shape) matches the target shape {}'.format(self.shape),
                'in_types[0].shape == {} ({} elements)'.format(x_shape, size))

    def forward(self, xs):
        return xs[0].reshape(self.shape),

    _differentiable_backward = True

    def backward(self, xs, gys):
        if _linear_grad.is_double(gys):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, xs, gys, lambda *a: Reshape(self.shape)(*a))
        return gys[0].reshape(xs[0].shape),


def reshape(x, shape):
    """Reshapes an input variable without copy.

    Args:
        x (~chainer.Variable): input variable.
        shape (tuple of ints): target shape; one entry may be -1 (inferred).

    Returns:
        ~chainer.Variable: variable that holds the reshaped input. When ``shape``
        equals the input's shape, the input itself (wrapped in a Variable if it is
        an array), as in Chainer v7.
    """
    if tuple(getattr(x, 'shape', ())) == _as_shape(shape) and hasattr(x, 'shape'):
        return chainer.as_variable(x)
    return Reshape(shape)(x)


def _as_shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)
