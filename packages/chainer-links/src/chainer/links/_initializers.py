"""Initializer helpers shared by the links: Chainer v1's ``wscale`` scaling."""
import math
import numbers

import numpy

from chainer import initializers


class Scaled(object):
    """Initializer that fills an array with ``initializer`` and multiplies it by
    ``scale``.

    ``initializer`` is any kind :func:`chainer.initializers.init_weight` accepts: None
    (N(0, 1/fan_in)), a scalar, an array or a callable.
    """

    def __init__(self, initializer, scale=1.0):
        self.initializer = initializer
        self.scale = scale

    @property
    def dtype(self):
        """The wrapped initializer's dtype (None: any): as in v1, an initializer
        built for a dtype decides the dtype of the parameter it makes."""
        return initializers.helper._dtype_of(self.initializer, None)

    def __call__(self, array):
        initializers.init_weight(array, initializer=self.initializer, scale=self.scale)


class InputNormal(object):
    """Fills an array with N(0, 1 / fan_in), ``fan_in = shape[in_axis] * prod(shape[2:])``.

    The fan-in of a deconvolution weight ``(c_I, c_O, k...)`` is read on axis 0
    (v1 documents the deviation of ``Deconvolution2D`` as ``sqrt(1 / (c_I k_H k_W))``).
    """

    def __init__(self, in_axis):
        self.in_axis = in_axis

    def __call__(self, array):
        fan_in = array.shape[self.in_axis] * int(numpy.prod(array.shape[2:]))
        initializers.Normal(math.sqrt(1.0 / fan_in))(array)


def wscaled(initializer, wscale, in_axis=1):
    """The weight initializer of a link given ``initialW`` and ``wscale``.

    As in Chainer v1 the variance (not the deviation) is multiplied by ``wscale``:
    the default draws from N(0, wscale / fan_in), and a given initializer's result is
    multiplied by ``sqrt(wscale)``. ``in_axis`` is the axis of the weight holding the
    input size (0 for deconvolutions) for the default initialization.
    """
    if isinstance(wscale, bool) or not isinstance(wscale, numbers.Real) or \
            not wscale > 0:
        raise ValueError('wscale must be a positive number, got {!r}'.format(wscale))
    if initializer is None and in_axis != 1:
        initializer = InputNormal(in_axis)
    return Scaled(initializer, math.sqrt(wscale))
