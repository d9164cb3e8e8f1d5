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


class Zero(Constant):
    """Initializer filling arrays with zeros (a :class:`Constant` of 0).

    Args:
        dtype: data type specifier.
    """

    def __init__(self, dtype=None):
        super(Zero, self).__init__(0.0, dtype=dtype)


class One(Constant):
    """Initializer filling arrays with ones (a :class:`Constant` of 1).

    Args:
        dtype: data type specifier.
    """

    def __init__(self, dtype=None):
        super(One, self).__init__(1.0, dtype=dtype)


class NaN(Constant):
    """Initializer filling arrays with NaN (marks values not set yet; a
    :class:`Constant` of NaN).

    Args:
        dtype: data type specifier.
    """

    def __init__(self, dtype=None):
        super(NaN, self).__init__(numpy.nan, dtype=dtype)
