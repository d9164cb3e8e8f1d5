"""Turning a stored entry into the value a deserializer returns (shared by the NPZ
and HDF5 deserializers)."""
import numpy

from chainer import cuda


def check_saveable(key, value):
    """Returns ``value`` as a host array that can be stored without pickling."""
    if value is None:
        raise TypeError('cannot serialize {!r}: the value is None'.format(key))
    if hasattr(value, '__cuda_array_interface__'):
        value = cuda.to_cpu(value)
    array = numpy.asarray(value)
    if array.dtype.kind == 'O':
        raise TypeError('cannot serialize {!r}: values of type {} would need '
                        'pickling; use arrays, scalars or str'.format(
                            key, type(value).__name__))
    return array


def restore(key, stored, value):
    """Returns the deserialized value of the entry ``key``.

    Args:
        key (str): full path of the entry, for error messages.
        stored (numpy.ndarray): the loaded entry.
        value: the caller's value: None (the stored array is returned), an array
            (filled in place, shapes must match) or a scalar or str (the stored value
            converted to its type is returned).

    Raises:
        ValueError: when the stored shape does not fit ``value``.
        TypeError: when the stored dtype cannot be cast safely to ``value``'s (e.g.
            floats into an int array).
    """
    if value is None:
        return stored
    if isinstance(value, numpy.ndarray) or \
            hasattr(value, '__cuda_array_interface__'):
        if value.shape != stored.shape:
            raise ValueError('entry {!r} has shape {} but the target array has shape '
                             '{}'.format(key, stored.shape, value.shape))
        if not numpy.can_cast(stored.dtype, value.dtype, casting='same_kind'):
            raise TypeError('entry {!r} has dtype {} which cannot be loaded into an '
                            'array of dtype {}'.format(key, stored.dtype, value.dtype))
        if isinstance(value, numpy.ndarray):
            numpy.copyto(value, stored, casting='same_kind')
        else:
            value.set(numpy.asarray(stored, dtype=value.dtype))
        return value
    if stored.size != 1:
        raise ValueError('entry {!r} holds an array of shape {} but a scalar of type '
                         '{} is expected'.format(key, stored.shape,
                                                 type(value).__name__))
    return type(value)(stored.reshape(()).item())
