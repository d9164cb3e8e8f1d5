"""Helpers for the Variable branch of the losses' backward (a double backprop: the
engine passes Variables, and the gradients are built of differentiable functions)."""
from chainer import variable


def constant(a):
    """A Variable holding the array ``a`` that asks for no gradient."""
    return variable.Variable(a, requires_grad=False)


def is_variable(g):
    """Whether an output gradient ``g`` came as a Variable (a double backprop)."""
    return isinstance(g, variable.Variable)


def mean_grad(gy, reduce, n):
    """Variable version of ``_reduce.mean_grad``: the gradient reaching each of the
    ``n`` per-sample losses, a Variable of shape ``(n,)``."""
    from chainer import functions as F
    if reduce == 'mean':
        gy = gy * (1.0 / max(n, 1))
        return F.broadcast_to(F.reshape(gy, (1,)), (n,))
    return gy


def total_grad(gy, reduce, shape):
    """Variable version of ``_reduce.total_grad``, broadcast to ``shape``."""
    from chainer import functions as F
    if reduce == 'no':
        return gy
    size = 1
    for d in shape:
        size *= d
    if reduce == 'mean':
        gy = gy * (1.0 / max(size, 1))
    return F.broadcast_to(F.reshape(gy, (1,) * len(shape)), shape)
