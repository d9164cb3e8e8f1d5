"""Helpers that turn the accepted kinds of initializer into filled arrays."""
import numbers

import numpy

from chainer import cuda
from chainer.initializers.constant import Constant
from chainer.initializers.initializer import Initializer
from chainer.initializers.normal import HeNormal
from chainer.utils._errors import ArgumentTypeAssertionError


def _is_value(initializer):
    """True for a fixed value (scalar or array) given where an initializer is taken."""
    return isinstance(initializer, (numbers.Number, numpy.generic, numpy.ndarray)) or \
        hasattr(initializer, '__cuda_array_interface__')


def _as_initializer(initializer):
    if initializer is None:
        # HeNormal at scale 1/sqrt(2) draws N(0, 1/fan_in): Chainer v1's default
        # for links that are given no initializer.
        return HeNormal(1 / numpy.sqrt(2))
    if _is_value(initializer):
        return Constant(initializer)
    if not callable(initializer):
        # also an AssertionError: v1 asserted it
        raise ArgumentTypeAssertionError(
            'initializer must be None, a scalar, an array or a callable filling an '
            'array, got {!r}'.format(initializer))
    return initializer


def _dtype_of(initializer, default):
    """The dtype of the arrays ``initializer`` makes: the one it was built for, as in
    v1 (``HeNormal(dtype=numpy.float16)`` makes float16 parameters), else ``default``.

    A fixed value decides nothing: v1 casts it to the parameter's dtype.
    """
    return getattr(_as_initializer(initializer), 'dtype', None) or default


class _ScaledInitializer(Initializer):
    """Runs another initializer, then multiplies the array by ``scale``; it makes the
    arrays of the wrapped initializer's dtype."""

    def __init__(self, initializer, scale):
        self.initializer = initializer
        self.scale = scale
        super(_ScaledInitializer, self).__init__(getattr(initializer, 'dtype', None))

    def __call__(self, array):
        self.initializer(array)
        array *= array.dtype.type(self.scale)


def _get_initializer(initializer, scale=1.0):
    """Returns the initializer that v1's links made of an ``initialW``-style argument.

    None is N(0, scale^2 / fan_in); a scalar or an array becomes a :class:`Constant` of
    that value times ``scale``; a callable is returned as is, or wrapped to multiply
    its result by ``scale``. Chainer v1 code (its links, and links written for it)
    calls this private helper, so it keeps v1's name and signature.
    """
    if initializer is None:
        return HeNormal(scale / numpy.sqrt(2))
    if _is_value(initializer):
        return Constant(initializer * scale if scale != 1.0 else initializer)
    initializer = _as_initializer(initializer)  # raises for a non-callable
    if scale == 1.0:
        return initializer
    return _ScaledInitializer(initializer, scale)


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
