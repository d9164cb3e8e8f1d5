"""Per-row selection of elements: ``select_item``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.utils import type_check
from chainer.functions.array import _linear_grad


class SelectItem(function.Function):
    """``y[i] = x[i, t[i]]`` for a 2-d ``x`` and integer ``t`` (not differentiable)."""

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 2)
        x_type, t_type = in_types
        type_check.expect(
            t_type.dtype.kind == 'i',
            x_type.ndim == 2,
            t_type.ndim == 1,
            x_type.shape[0] == t_type.shape[0],
        )

    def forward(self, inputs):
        x, t = inputs
        if isinstance(t, numpy.ndarray):  # a GPU check would synchronize
            if t.size and not ((0 <= t).all() and (t < x.shape[1]).all()):
                raise ValueError('t must hold indices in [0, {}), got {}'
                                 .format(x.shape[1], t))
        xp = cuda.get_array_module(x)
        return x[xp.arange(len(t)), t],

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if _linear_grad.is_double(grad_outputs):  # linear: the gradient of gx is f(ggx)
            return _linear_grad.transposed_grads(
                self, inputs, grad_outputs, lambda *a: SelectItem()(*a))
        x, t = inputs
        xp = cuda.get_array_module(x)
        gx = xp.zeros_like(x)
        # Each row receives exactly one gradient, so plain assignment is enough.
        gx[xp.arange(len(t)), t] = grad_outputs[0]
        return gx, None


def select_item(x, t):
    """Selects elements stored in given indices.

    Returns ``t.choose(x.T)``, that is ``y[i] == x[i, t[i]]`` for all ``i``.

    Args:
        x (~chainer.Variable): variable storing arrays, of shape ``(B, N)``.
        t (~chainer.Variable or array): integer indices, of shape ``(B,)``.

    Returns:
        ~chainer.Variable: variable that holds the ``t``-th element of each row of
        ``x``.
    """
    return SelectItem()(x, t)
