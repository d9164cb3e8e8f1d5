"""Row and column selections of tabular datasets.

Rows are selected by None (all rows), a ``slice`` or a list of non-negative ints;
columns by None (all) or a tuple of column positions. Selections of views are composed
so that the underlying dataset receives one selection of the same kinds: two slices
make a slice, anything with a list makes a list.
"""
import numbers

import numpy


def n_rows(rows, length):
    """Number of rows ``rows`` selects from ``length`` rows."""
    if rows is None:
        return length
    if isinstance(rows, slice):
        return len(range(*rows.indices(length)))
    return len(rows)


def as_rows(rows, length):
    """Checks a user's row selection (slice, ints or booleans) of ``length`` rows."""
    if isinstance(rows, slice):
        return rows
    rows = list(rows)
    if not rows:
        return rows
    if all(isinstance(r, (bool, numpy.bool_)) for r in rows):
        if len(rows) != length:
            raise ValueError('a boolean row mask needs {} values, got {}'.format(
                length, len(rows)))
        return [i for i, keep in enumerate(rows) if keep]
    checked = []
    for r in rows:
        r = int(r)
        if r < 0:
            r += length
        if not 0 <= r < length:
            raise IndexError('row {} is out of bounds for a dataset of {} rows'.format(
                r, length))
        checked.append(r)
    return checked


def as_columns(keys, names):
    """Positions of ``keys`` (names or ints, negative from the end) among ``names``."""
    positions = []
    for key in keys:
        if isinstance(key, numbers.Integral):
            position = key + len(names) if key < 0 else key
            if not 0 <= position < len(names):
                raise IndexError('column {} is out of bounds for {} columns'.format(
                    key, len(names)))
        elif key in names:
            position = names.index(key)
        else:
            raise KeyError('no column named {!r} (the columns are {})'.format(key, names))
        positions.append(position)
    return tuple(positions)


def compose_rows(outer, inner, base_length, view_length):
    """The rows of the base dataset that ``inner`` selects from the view ``outer``
    makes of it (``base_length`` rows in the base, ``view_length`` in the view)."""
    if outer is None:
        return inner
    if inner is None:
        return outer
    if isinstance(outer, slice):
        start, _, step = outer.indices(base_length)
        if isinstance(inner, slice):
            i_start, i_stop, i_step = inner.indices(view_length)
            new_start = start + step * i_start
            new_stop = start + step * i_stop
            new_step = step * i_step
            if new_start < 0 and new_step > 0:
                new_start = None
            if new_stop < 0 and new_step < 0:
                new_stop = None
            return slice(new_start, new_stop, new_step)
        return [start + step * i for i in inner]
    if isinstance(inner, slice):
        return outer[inner]
    return [outer[i] for i in inner]


def compose_columns(outer, inner):
    """Column positions of the base that ``inner`` picks among ``outer``'s."""
    if outer is None:
        return inner
    if inner is None:
        return outer
    return tuple(outer[i] for i in inner)


def split_slice(rows, length, offset, sub_length):
    """The part of the slice ``rows`` (over ``length`` rows) falling in the rows
    ``[offset, offset + sub_length)``, as a slice local to them, or None if empty."""
    start, stop, step = rows.indices(length)
    end = offset + sub_length
    if step > 0:
        k = max(0, -(-(offset - start) // step))
        first = start + k * step
        last = min(stop, end)
        if first >= last:
            return None
        return slice(first - offset, last - offset, step)
    k = max(0, -(-(start - (end - 1)) // -step))
    first = start + k * step
    if first <= stop or first < offset:
        return None
    local_stop = stop - offset
    return slice(first - offset, None if local_stop < 0 else local_stop, step)
