"""Helpers that turn the accepted kinds of initializer into filled arrays."""
import numbers

import numpy

from chainer import cuda
from chainer.initializers.constant import Constant
from chainer.initializers.normal import HeNormal


def _as_initializer(initializer):
    if initializer is None:
        # HeNormal at scale 1/sqrt(2) draws N(0, 1/fan_in): Chainer v1's default
        # for links that are given no initializer.
        return HeNormal(1 / numpy.sqrt(2))
    if isinstance(initializer, (numbers.Number, numpy.generic, numpy.ndarray)) or \
            hasattr(initializer, '__cuda_array_interface__'):
        return Constant(initializer)
    if not callable(initializer):
        raise TypeError('initializer must be None, a scalar, an array or a callable '
                        'filling an array, got {!r}'.format(initializer))
    return initializer


def init_weight(weights, initializer, scale=1.0):
    """Initializes the array ``weights`` in place, then multiplies it by ``scale``.

    Args:
        weights (numpy.ndarray or cupy.ndarray): the weight array to fill.
        initializer: None (:class:`HeNormal` with scale ``1/sqrt(2)``, i.e.
            N(0, 1/fan_in)), a scalar to set all values to, an array to assign
            (broadcast), or a callable that fills the array it is given.
        scale (scalar): constant multiplied to the result.
    """
    _as_initializer(initializer)(weights)
    if scale != 1.0:
        weights *= weights.dtype.type(scale)


def generate_array(initializer, shape, xp):
    """Returns a new array of ``shape`` filled by ``initializer``.

    The dtype is the initializer's ``dtype`` attribute when it has one that is not
    None, else float32.

    Args:
        initializer: an initializer (callable filling an array).
        shape (tuple of ints): shape of the array.
        xp: the array module (numpy or cupy) to allocate with.
    """
    dtype = getattr(initializer, 'dtype', None) or numpy.float32
    if xp is numpy:
        array = numpy.empty(shape, dtype=dtype)
    else:
        with cuda.get_device(None):
            array = xp.empty(shape, dtype=dtype)
    initializer(array)
    return array
