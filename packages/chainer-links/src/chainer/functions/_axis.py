"""Axis and integer argument checks shared by the function categories (array, math,
activation)."""
import numpy

from chainer.utils import type_check


def check_axis(axis, ndim, name='axis'):
    """Expects ``-ndim <= axis < ndim`` (``ndim`` may be a type-check expression)."""
    axis_var = type_check.make_variable(axis, name)
    type_check.expect(-ndim <= axis_var, axis_var < ndim)


def check_int(value, name):
    """Returns ``value`` as an int; raises TypeError unless it is an integer (not bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, numpy.integer)):
        raise TypeError('{} must be an int, got {!r}'.format(name, value))
    return int(value)


def normalize_axes(axis, name='axis'):
    """Returns ``axis`` (None, an int or a tuple of ints) as None or a tuple of ints.

    Repeated axes are reported by :func:`check_axes`, which knows ``ndim``.

    Raises:
        TypeError: when ``axis`` is of another type.
    """
    if axis is None:
        return None
    if isinstance(axis, (int, numpy.integer)) and not isinstance(axis, bool):
        return (int(axis),)
    if not isinstance(axis, (tuple, list)):
        raise TypeError('{} must be None, an int or a tuple of ints, got {!r}'
                        .format(name, axis))
    return tuple(check_int(a, name) for a in axis)


def check_axes(axes, ndim, name='axis'):
    """Expects every axis in ``axes`` to be valid for ``ndim`` and no two to coincide."""
    if axes is None:
        return
    for a in axes:
        check_axis(a, ndim, name)
    n = type_check.eval(ndim)
    if len(set(a % n for a in axes)) != len(axes):
        raise type_check.InvalidType('distinct axes in {}'.format(name),
                                     '{} == {} for ndim {}'.format(name, axes, n))
