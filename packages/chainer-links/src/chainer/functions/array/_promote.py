"""Promotion of inputs to a minimum number of axes (``numpy.atleast_{1,2,3}d`` rules),
shared by hstack, vstack and dstack."""
from chainer.functions.array.reshape import Reshape
from chainer.utils import type_check


def _promoted_shape(shape, ndim):
    if len(shape) >= ndim:
        return shape
    if ndim == 3:  # atleast_3d: () -> (1, 1, 1), (N,) -> (1, N, 1), (M, N) -> (M, N, 1)
        if len(shape) == 0:
            return (1, 1, 1)
        if len(shape) == 1:
            return (1,) + tuple(shape) + (1,)
        return tuple(shape) + (1,)
    return (1,) * (ndim - len(shape)) + tuple(shape)


def _check_same_ndim(xs):
    """The stacking functions of Chainer v1 took inputs of one number of axes only (where
    numpy would promote ``(3,)`` next to ``(3, 3)``); mixing them is an InvalidType."""
    for i, x in enumerate(xs[1:], 1):
        if x.ndim != xs[0].ndim:
            raise type_check.InvalidType(
                'in_types[0].ndim == in_types[{}].ndim'.format(i),
                '{} != {}'.format(xs[0].ndim, x.ndim))


def at_least(xs, ndim):
    """Returns the inputs with each one reshaped (as a graph node) to at least ``ndim`` axes.

    The inputs must all have the same number of axes, as in Chainer v1.

    Args:
        xs (list of Variables or arrays): the inputs.
        ndim (int): 1, 2 or 3.

    Returns:
        list: the inputs, those with fewer axes replaced by reshaped variables.
    """
    _check_same_ndim(xs)
    out = []
    for x in xs:
        shape = tuple(x.shape)
        promoted = _promoted_shape(shape, ndim)
        out.append(x if promoted == shape else Reshape(promoted)(x))
    return out
