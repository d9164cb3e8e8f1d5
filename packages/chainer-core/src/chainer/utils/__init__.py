"""Small helpers shared by the framework (``chainer.utils``)."""
import numpy


def force_array(x, dtype=None):
    """Returns ``x`` as an array (numpy reductions may return 0-d scalars, not arrays)."""
    if type(x) is numpy.ndarray:
        # The common case, decided before numpy.isscalar (a tenth of a tiny op's time).
        return x if dtype is None else x.astype(dtype, copy=False)
    if numpy.isscalar(x) or isinstance(x, numpy.generic):
        if dtype is None:
            return numpy.asarray(x)
        return numpy.asarray(x, dtype=dtype)
    if dtype is None:
        return x
    return x.astype(dtype, copy=False)


def force_type(dtype, value):
    """Casts ``value`` (array or scalar) to ``dtype`` if it is not of that type already."""
    if numpy.isscalar(value):
        return dtype.type(value)
    if value.dtype != dtype:
        return value.astype(dtype, copy=False)
    return value


from chainer.utils.experimental import experimental  # noqa: E402,F401
from chainer.utils.walker_alias import WalkerAlias  # noqa: E402,F401
