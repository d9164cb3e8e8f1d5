"""The two inverse rearrangements behind ``depth2space`` and ``space2depth``.

Channel ``(di * r + dj) * c + ch`` of a depth array ``(n, r * r * c, h, w)`` holds the
pixels ``(i * r + di, j * r + dj)`` of channel ``ch`` of the space array
``(n, c, h * r, w * r)``.
"""
from chainer.utils import type_check


def to_space(x, r):
    """``(n, r * r * c, h, w)`` -> ``(n, c, h * r, w * r)``."""
    n, rrc, h, w = x.shape
    c = rrc // (r * r)
    y = x.reshape(n, r, r, c, h, w).transpose(0, 3, 4, 1, 5, 2)
    return y.reshape(n, c, h * r, w * r)


def to_depth(x, r):
    """``(n, c, h * r, w * r)`` -> ``(n, r * r * c, h, w)``: the inverse of
    :func:`to_space`."""
    n, c, hr, wr = x.shape
    h, w = hr // r, wr // r
    y = x.reshape(n, c, h, r, w, r).transpose(0, 3, 5, 1, 2, 4)
    return y.reshape(n, r * r * c, h, w)


def check_factor(r):
    """Returns ``r`` if it is a positive int."""
    if isinstance(r, bool) or not isinstance(r, int) or r < 1:
        raise ValueError('r must be a positive int, got {!r}'.format(r))
    return r


def expect_float_image(in_types):
    """Expects one float input of 4 dimensions ``(n, c, h, w)``."""
    type_check.expect(in_types.size() == 1)
    x_type = in_types[0]
    type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)
    return x_type
