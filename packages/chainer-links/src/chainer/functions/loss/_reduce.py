"""The ``reduce`` option of the losses (Chainer v1.24): the loss reduced to a scalar, or
``'no'`` for the loss of every element."""
from chainer import cuda


def check_reduce(reduce, allowed):
    """Returns ``reduce``; a ValueError unless it is one of ``allowed``."""
    if reduce not in allowed:
        raise ValueError('only {} are valid for reduce, but {!r} is given'.format(
            ' and '.join(repr(a) for a in allowed), reduce))
    return reduce


def sum_unless_no(loss, reduce):
    """``loss.sum()`` for ``reduce='sum'``; ``loss`` itself for ``reduce='no'``."""
    return loss.sum() if reduce == 'sum' else loss


def mean_unless_no(loss, reduce):
    """The mean of the per-sample ``loss`` (0 for no sample) for ``reduce='mean'``;
    ``loss`` itself for ``reduce='no'``."""
    if reduce == 'no':
        return loss
    return loss.sum() / loss.dtype.type(max(len(loss), 1))


def mean_grad(gy, reduce, n):
    """The gradients reaching the ``n`` per-sample losses from the output gradient ``gy``
    of :func:`mean_unless_no`, as an array of shape ``(n,)`` (a broadcast view)."""
    if reduce == 'mean':
        gy = gy / gy.dtype.type(max(n, 1))
    return cuda.get_array_module(gy).broadcast_to(gy, (n,))


def total_unless_no(loss, reduce):
    """``loss.sum()`` for ``'sum'``, its mean over every element for ``'mean'``
    (Chainer v7), ``loss`` itself for ``'no'``."""
    if reduce == 'sum':
        return loss.sum()
    if reduce == 'mean':
        return loss.sum() / loss.dtype.type(max(loss.size, 1))
    return loss


def total_grad(gy, reduce, size):
    """The gradient reaching every element of the loss from the output gradient ``gy``
    of :func:`total_unless_no` (broadcastable to the loss' shape)."""
    if reduce == 'mean':
        return gy / gy.dtype.type(max(size, 1))
    return gy
