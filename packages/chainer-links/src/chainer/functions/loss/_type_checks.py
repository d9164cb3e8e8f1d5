"""Type-check fragments shared by several losses."""
from chainer.utils import type_check


def expect_same_float_arrays(in_types, ndim=None):
    """Expects every input to be a float array of the dtype and shape of the first.

    Args:
        in_types: the ``in_types`` of ``check_type_forward``.
        ndim (int or None): required number of dimensions, if any.
    """
    first = in_types[0]
    type_check.expect(first.dtype.kind == 'f')
    if ndim is not None:
        type_check.expect(first.ndim == ndim)
    for other in in_types[1:]:
        type_check.expect(other.dtype == first.dtype, other.shape == first.shape)
