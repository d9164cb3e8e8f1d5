"""Errors of the links that are also the exception type Chainer v1 raised.

Where v1 refused a call with an ``assert`` (or with another exception type than the one
this project uses), the error raised here derives from both, so that code written for v1
(``except AssertionError``, ``assertRaises(TypeError)``) and code written for this
project keep catching it.
"""
import numpy


class InvalidCallError(TypeError, AssertionError):
    """A link or its method was called with the wrong number or type of arguments (v1
    asserted them, e.g. Classifier's two or more arguments)."""


class InvalidArgumentError(ValueError, AssertionError):
    """Constructor arguments v1 refused with an assert: an unsupported architecture
    (e.g. InceptionBN's 1x1 path without a pooling projection) or an initial array of
    the wrong shape."""


def check_initial_array(value, shape, name):
    """Raises :class:`InvalidArgumentError` if ``value`` is an array (an initial value)
    whose shape is not ``shape``; other initializers are left to the parameter."""
    is_array = isinstance(value, numpy.ndarray) or \
        hasattr(value, '__cuda_array_interface__')
    if is_array and tuple(value.shape) != tuple(shape):
        raise InvalidArgumentError('{} must have the shape {}, got {}'.format(
            name, tuple(shape), tuple(value.shape)))


class UnsupportedOptionError(ValueError, NotImplementedError):
    """An option value that is not implemented (v1 raised NotImplementedError, e.g.
    for an unknown pooling type)."""


class BatchSizeError(ValueError, TypeError):
    """An input batch that does not fit the link's state (v1 raised TypeError, e.g.
    a stateful LSTM given a larger batch than its previous state)."""



class ArgumentCountError(ValueError, TypeError):
    """A link called with a number of arguments it has no meaning for (v2+ raised
    ValueError, e.g. ``L.GRU`` with none; a Python call with the wrong count raised
    TypeError in v1)."""
