"""The base class of weight initializers and the fan computation they share."""
import abc

import numpy

from chainer.utils._errors import ArgumentTypeAssertionError


class Initializer(abc.ABC):
    """Base class of weight initializers.

    An initializer destructively fills a numpy or cupy array given to
    :meth:`__call__`.

    Args:
        dtype: data type the initialized arrays must have (None: any). It is checked
            on every call and used by :func:`generate_array` to allocate arrays.
    """

    def __init__(self, dtype=None):
        self.dtype = None if dtype is None else numpy.dtype(dtype)

    @abc.abstractmethod
    def __call__(self, array):
        """Fills ``array`` (numpy.ndarray or cupy.ndarray) in place."""

    def _check_dtype(self, array):
        if self.dtype is not None and array.dtype != self.dtype:
            # TypeError, and the AssertionError v1 and v7 raised
            raise ArgumentTypeAssertionError(
                '{} was built for dtype {} but the array to initialize has dtype '
                '{}'.format(type(self).__name__, self.dtype, array.dtype))


def _check_scale(scale, owner):
    if not isinstance(scale, (int, float, numpy.integer, numpy.floating)) or \
            isinstance(scale, bool):
        raise TypeError('scale of {} must be a real number, got {!r}'.format(
            owner, scale))
    return float(scale)


def get_fans(shape):
    """Returns ``(fan_in, fan_out)`` of a weight of the given shape, as Chainer v1
    defines them.

    For a weight of shape ``(out, in, k1, k2, ...)``, ``fan_in = in * k1 * k2 * ...``
    (every axis but the first) and ``fan_out = out``.

    Raises:
        ValueError: when the shape has fewer than two axes.
    """
    if len(shape) < 2:
        raise ValueError('fans are defined for arrays of at least two dimensions, '
                         'got shape {}'.format(tuple(shape)))
    return int(numpy.prod(shape[1:], dtype=numpy.int64)), shape[0]
