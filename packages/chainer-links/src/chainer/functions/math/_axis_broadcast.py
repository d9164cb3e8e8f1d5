"""Caffe-style broadcasting shared by ``bias`` and ``scale``.

The second operand ``y`` is aligned with the axes ``axis .. axis + y.ndim - 1`` of
``x``: for ``x`` of shape ``(100, 3, 40, 60)``, ``y`` of shape ``(3, 40)`` and
``axis=1``, ``y`` acts as an array of shape ``(1, 3, 40, 1)``.
"""
import chainer
from chainer.utils import type_check


def check_axis_broadcast(in_types, axis):
    """Expects two inputs of one float dtype with ``y.shape`` inside ``x.shape`` at ``axis``."""
    type_check.expect(in_types.size() == 2)
    x_type, y_type = in_types
    type_check.expect(x_type.dtype.kind == 'f', x_type.dtype == y_type.dtype)
    axis_var = type_check.make_variable(axis, 'axis')
    type_check.expect(axis_var >= 0, axis_var + y_type.ndim <= x_type.ndim)
    for i in range(type_check.eval(y_type.ndim)):
        type_check.expect(x_type.shape[axis + i] == y_type.shape[i])


def assert_aligned_in_debug_mode(x, y, axis):
    """In debug mode, asserts that ``y.shape`` is the shape of ``x`` at ``axis``.

    Chainer v1's ``bias`` and ``scale`` made this assertion (an AssertionError) before
    building their nodes; out of debug mode the nodes' type check reports it.
    """
    if chainer.is_debug():
        x_part = tuple(x.shape[axis:axis + len(y.shape)])
        assert x_part == tuple(y.shape), \
            'y of shape {} does not match x of shape {} at axis {}'.format(
                y.shape, x.shape, axis)


def expanded_shape(x_ndim, y_shape, axis):
    """The shape under which ``y`` broadcasts against ``x`` (ones around ``y.shape``)."""
    return (1,) * axis + tuple(y_shape) + (1,) * (x_ndim - axis - len(y_shape))


def outer_axes(x_ndim, y_ndim, axis):
    """The axes of ``x`` that ``y`` is broadcast over (summed in ``y``'s gradient)."""
    return tuple(range(axis)) + tuple(range(axis + y_ndim, x_ndim))
