"""Range-maximum queries with argmax: the bins of ROI pooling.

``range_max(a, lead, starts, ends, carry)`` answers, for every query ``q``, the maximum of
``a[lead[q], starts[q]:ends[q]]`` (a block per position: the trailing axes of ``a`` ride
along) and the ``carry`` value at the first maximum. Two strategies, picked by cost:

- doubling tables: level ``l`` holds the max over ``2^l`` consecutive positions, and a
  range of length ``L`` is covered by two overlapping level-``floor(log2 L)`` blocks. Each
  level is one pass over ``a``: cheap when ``a`` is small next to the queries (ROI rows
  over the input image);
- direct: one gather of every query's ``d``-th position per offset ``d`` below the longest
  range: cheap when the ranges are short and ``a`` is large (bin columns over the
  row-pooled ROIs).

Every select is branch-free (``where`` is several times slower on random conditions).
"""
import numpy

from chainer import cuda


def _pick(cond, a, b):
    # Integer where(cond, a, b) without branches; the float side is a plain maximum.
    return b + cond * (a - b)


def _empty_result(a, starts, carry):
    xp = cuda.get_array_module(a)
    shape = starts.shape + a.shape[2:]
    return (xp.full(shape, -numpy.inf, dtype=a.dtype),
            xp.full(shape, -1, dtype=carry.dtype))


def range_max(a, lead, starts, ends, carry):
    """Max (and its carried index) of ``a[lead, starts:ends]`` for every query.

    Args:
        a: array ``(M, S, ...)``; ranges run along axis 1, so that every gathered
            ``a[m, p]`` is one contiguous block (``a`` should be C-contiguous).
        lead, starts, ends: integer arrays of one shape ``Q`` (the queries).
        carry: integer array of ``a``'s shape (or broadcast to it) reported for the
            maximum (its position, in whatever numbering the caller needs).

    Returns:
        tuple: values and carried indices, each of shape ``Q + a.shape[2:]``; empty
        ranges give ``-inf`` and ``-1``; ties give the first position.
    """
    length = ends - starts
    longest = int(length.max()) if length.size else 0
    if longest <= 0:
        return _empty_result(a, starts, carry)
    n_levels = longest.bit_length()
    # Work in blocks: direct gathers longest * Q of them, the doubling tables pass over
    # the M * S blocks of `a` once per level and then gather 2 * Q.
    if longest * length.size <= n_levels * a.shape[0] * a.shape[1] + 2 * length.size:
        return range_max_direct(a, lead, starts, ends, carry)
    return range_max_doubling(a, lead, starts, ends, carry)


def range_max_direct(a, lead, starts, ends, carry):
    """:func:`range_max` by one gather per offset within the ranges."""
    xp = cuda.get_array_module(a)
    val, arg = _empty_result(a, starts, carry)
    length = ends - starts
    extra = (1,) * (a.ndim - 2)
    last = a.shape[1] - 1
    for d in range(int(length.max()) if length.size else 0):
        inside = (length > d).reshape(length.shape + extra)
        pos = xp.minimum(starts + d, last)
        # The mask is constant over each gathered block, so this where predicts well.
        v = xp.where(inside, a[lead, pos], a.dtype.type(-numpy.inf))
        arg = _pick(v > val, carry[lead, pos], arg)
        val = xp.maximum(val, v)
    return val, arg


def range_max_doubling(a, lead, starts, ends, carry):
    """:func:`range_max` from doubling tables (two overlapping blocks per range)."""
    xp = cuda.get_array_module(a)
    val, arg = _empty_result(a, starts, carry)
    length = ends - starts
    valid = length > 0
    level_of = xp.log2(xp.maximum(length, 1)).astype(numpy.int64)
    n_levels = int(level_of[valid].max()) + 1 if bool(valid.any()) else 0
    cur, cur_arg = a, carry
    for level in range(n_levels):
        if level:
            half = 1 << (level - 1)
            take_hi = cur[:, half:] > cur[:, :-half]
            cur = xp.maximum(cur[:, half:], cur[:, :-half])
            cur_arg = _pick(take_hi, cur_arg[:, half:], cur_arg[:, :-half])
        q = xp.nonzero(valid & (level_of == level))
        if q[0].size == 0:
            continue
        m = lead[q]
        first, last = starts[q], ends[q] - (1 << level)
        v1, v2 = cur[m, first], cur[m, last]
        val[q] = xp.maximum(v1, v2)
        arg[q] = _pick(v2 > v1, cur_arg[m, last], cur_arg[m, first])
    return val, arg
