"""Axis handling shared by the reductions (sum, max, min, logsumexp, average)."""
from chainer.functions._axis import check_axes
from chainer.functions._axis import normalize_axes  # noqa: F401  (re-exported)
from chainer.utils import type_check


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
