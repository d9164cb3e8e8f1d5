"""Type check of an ``axis`` argument shared by the axis-wise activations."""
from chainer.utils import type_check


def expect_valid_axis(x_type, axis):
    """Expects ``axis`` to index an axis of the input ``x_type`` (negative allowed)."""
    if axis >= 0:
        type_check.expect(x_type.ndim > axis)
    else:
        type_check.expect(x_type.ndim >= -axis)
