"""Initializers with fixed values: Identity, Constant, Zero, One, NaN."""
import numpy

from chainer import cuda
from chainer.initializers.initializer import Initializer, _check_scale


class Identity(Initializer):
    """Initializes a 2-D square array with ``scale`` times the identity matrix.

    Args:
        scale (float): multiplier of the identity.
        dtype: data type specifier.
    """

    def __init__(self, scale=1.0, dtype=None):
        self.scale = _check_scale(scale, 'Identity')
        super(Identity, self).__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        shape = array.shape
        if len(shape) != 2 or shape[0] != shape[1]:
            raise ValueError('Identity initializes square 2-D arrays, got shape '
                             '{}'.format(shape))
        xp = cuda.get_array_module(array)
        array[...] = xp.identity(shape[0], dtype=array.dtype) * array.dtype.type(
            self.scale)


class Constant(Initializer):
    """Initializes an array with a constant (broadcast to the array's shape).

    Args:
        fill_value (scalar or array): the value assigned to the array.
        dtype: data type specifier.
    """

    def __init__(self, fill_value, dtype=None):
        self.fill_value = fill_value
        super(Constant, self).__init__(dtype)

    def __call__(self, array):
        self._check_dtype(array)
        xp = cuda.get_array_module(array)
        value = self.fill_value
        if isinstance(value, numpy.ndarray) and xp is not numpy:
            value = xp.asarray(value)
        try:
            array[...] = value
        except ValueError:
            raise ValueError('Constant cannot broadcast a fill_value of shape {} to '
                             'the array of shape {}'.format(
                                 numpy.shape(value), array.shape)) from None


def Zero(dtype=None):
    """Returns an initializer filling arrays with zeros.

    Args:
        dtype: data type specifier.

    Returns:
        Constant: the initializer.
    """
    return Constant(0.0, dtype=dtype)


def One(dtype=None):
    """Returns an initializer filling arrays with ones.

    Args:
        dtype: data type specifier.

    Returns:
        Constant: the initializer.
    """
    return Constant(1.0, dtype=dtype)


def NaN(dtype=None):
    """Returns an initializer filling arrays with NaN (marks unset values).

    Args:
        dtype: data type specifier.

    Returns:
        Constant: the initializer.
    """
    return Constant(numpy.nan, dtype=dtype)
