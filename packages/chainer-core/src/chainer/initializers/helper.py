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


def generate_array(initializer, shape, xp, dtype=None, device=None):
    """Returns a new array of ``shape`` filled by ``initializer``.

    Args:
        initializer: an initializer (callable filling an array).
        shape (int or tuple of ints): shape of the array.
        xp: the array module (numpy or cupy) to allocate with.
        dtype: the dtype of the array; None takes the initializer's ``dtype``
            attribute, else ``chainer.config.dtype`` (float32 unless configured).
        device: device specifier (see :func:`chainer.get_device`) to allocate on;
            None is the host for numpy and the current GPU for cupy.

    Returns:
        The initialized array.

    Raises:
        ValueError: ``dtype`` differs from the initializer's own, or ``device`` is
            not a device of ``xp``.
    """
    import chainer
    own = getattr(initializer, 'dtype', None)
    if dtype is not None and own is not None and \
            numpy.dtype(dtype) != numpy.dtype(own):
        raise ValueError('dtype {} differs from the dtype {} of the initializer '
                         '{}'.format(numpy.dtype(dtype), numpy.dtype(own),
                                     type(initializer).__name__))
    dtype = chainer.get_dtype(own if dtype is None else dtype)
    if device is not None:
        device = chainer.get_device(device)
        if device.xp is not xp:
            raise ValueError('the device {} is not a device of the array module '
                             '{}'.format(device, getattr(xp, '__name__', xp)))
        with chainer.using_device(device):
            array = xp.empty(shape, dtype=dtype)
            initializer(array)
        return array
    if xp is numpy:
        array = numpy.empty(shape, dtype=dtype)
        initializer(array)
        return array
    with cuda.get_device(None):
        array = xp.empty(shape, dtype=dtype)
        initializer(array)
    return array


def _check_is_initializer_like(initializer):
    """Raises TypeError unless ``initializer`` is what the links of Chainer v7 take
    as an initializer: None, a callable (an :class:`Initializer`), an array or a
    scalar."""
    if initializer is None or callable(initializer) or _is_value(initializer):
        return
    raise TypeError('initializer of wrong type {}: expected None, an Initializer (a '
                    'callable), an array or a scalar'.format(type(initializer).__name__))
