"""Axis handling shared by the reductions (sum, max, min, logsumexp, average)."""
from chainer.functions._axis import check_axes
from chainer.functions._axis import normalize_axes
from chainer.utils import type_check


def reduction_axes(axis):
    """Returns the ``axis`` argument of sum, max, min and logsumexp as a tuple (or None).

    Chainer v1's rule: None, an int or a tuple of ints (anything else, a list
    included, is a TypeError), and a tuple that repeats a value is a ValueError as
    soon as the function is made. Repeats that only show against the input's ndim
    (``(1, -2)``) are reported by :func:`check_reduction_axes`.
    """
    if isinstance(axis, list):
        raise TypeError('axis must be None, an int or a tuple of ints, got {!r}'
                        .format(axis))
    axes = normalize_axes(axis)
    if axes is not None and len(set(axes)) != len(axes):
        raise ValueError('duplicate value in axis: {}'.format(axis))
    return axes


def check_reduction_axes(in_types, axes):
    """Expects one float input and valid, distinct ``axes`` (None means all axes)."""
    type_check.expect(in_types.size() == 1, in_types[0].dtype.kind == 'f')
    check_axes(axes, in_types[0].ndim)


def reduced_axes(ndim, axes):
    """The reduced axes as non-negative ints (all of them when ``axes`` is None)."""
    if axes is None:
        return tuple(range(ndim))
    return tuple(sorted(a % ndim for a in axes))


def kept_shape(x_shape, axes):
    """The output shape with ``keepdims=True``: the reduced axes have length one."""
    reduced = reduced_axes(len(x_shape), axes)
    return tuple(1 if i in reduced else n for i, n in enumerate(x_shape))


def expand_to_input(xp, g, x_shape, axes, copy=False):
    """Broadcasts ``g`` (a reduction's output or its gradient) back to ``x_shape``.

    ``g`` may have been computed with or without ``keepdims``; it is reshaped so that
    the reduced axes have length one and then broadcast.

    Args:
        copy (bool): return a new writable array instead of a read-only broadcast
            view (needed when the result is itself a gradient, which may later be
            accumulated into in place).
    """
    view = xp.broadcast_to(g.reshape(kept_shape(x_shape, axes)), x_shape)
    return view.copy() if copy else view


class RepeatedAxisError(type_check.InvalidType, ValueError):
    """Axes a reduction cannot take (two naming the same axis of the input; several
    with weights): a ValueError (as Chainer v1 and v7 raise) and an InvalidType (as
    the type check reports it)."""


def reject_repeated_axes(axes, ndim):
    """Raises :class:`RepeatedAxisError` when two of ``axes`` (a tuple, or None) name
    the same axis of an array of ``ndim`` dimensions, such as ``(1, -2)`` for
    ``ndim`` 3."""
    if axes is None:
        return
    normalized = [a % ndim if -ndim <= a < ndim else a for a in axes]
    if len(set(normalized)) != len(normalized):
        raise RepeatedAxisError('distinct axes in axis',
                                'axis == {} for ndim {}'.format(axes, ndim))
