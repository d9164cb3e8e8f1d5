"""Sums along one axis of a host matrix as a BLAS matrix-vector product."""
import numpy

#: The dtypes BLAS multiplies (numpy's own loops do the others).
BLAS_DTYPES = (numpy.dtype(numpy.float32), numpy.dtype(numpy.float64))


def sum_2d(a, axis):
    """``a.sum(axis=axis)`` of a 2-d array.

    For host float32/float64 matrices this is the product with a vector of ones
    (:math:`1^\\top a` for ``axis=0``, :math:`a 1` for ``axis=1``), one BLAS gemv: two
    to three times faster than numpy's reduction on minibatch-sized matrices. The
    summation order differs from the reduction's (the last bits may differ). Other
    arrays (float16, GPU) use ``a.sum``.

    Args:
        a: a 2-d array.
        axis (int): 0 or 1.

    Returns:
        The 1-d array of sums, of ``a``'s dtype.
    """
    if type(a) is numpy.ndarray and a.dtype in BLAS_DTYPES:
        ones = ones_vector(a.shape[axis], a.dtype)
        return ones.dot(a) if axis == 0 else a.dot(ones)
    return a.sum(axis=axis)


#: How many vectors of ones :func:`ones_vector` keeps before it starts again.
MAX_ONES = 64
_ones = {}


def ones_vector(n, dtype):
    """A read-only host vector of ``n`` ones of ``dtype``, made once per length and
    dtype (the operand of the BLAS sums; numpy.ones costs as much as a small gemv)."""
    key = n, dtype
    ones = _ones.get(key)
    if ones is None:
        if len(_ones) >= MAX_ONES:
            _ones.clear()
        ones = numpy.ones(n, dtype=dtype)
        ones.flags.writeable = False
        _ones[key] = ones
    return ones
