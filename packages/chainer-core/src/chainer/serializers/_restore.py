"""Turning a stored entry into the value a deserializer returns (shared by the NPZ
and HDF5 deserializers): :func:`check` validates without writing anything,
:func:`restore` validates and writes."""
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


def is_array(value):
    """True for a numpy or device array."""
    return isinstance(value, numpy.ndarray) or hasattr(value, '__cuda_array_interface__')


def check_shape(key, shape, dtype, value):
    """Checks that an entry of ``shape`` and ``dtype`` fits the caller's ``value``
    (see :func:`restore`); only the entry's header is needed, not its data."""
    if value is None:
        return
    if is_array(value):
        if tuple(value.shape) != tuple(shape):
            raise ValueError('entry {!r} has shape {} but the target array has shape '
                             '{}'.format(key, tuple(shape), tuple(value.shape)))
        if not numpy.can_cast(dtype, value.dtype, casting='same_kind'):
            raise TypeError('entry {!r} has dtype {} which cannot be loaded into an '
                            'array of dtype {}'.format(key, dtype, value.dtype))
        return
    size = 1
    for n in shape:
        size *= n
    if size != 1:
        raise ValueError('entry {!r} holds an array of shape {} but a scalar of type '
                         '{} is expected'.format(key, tuple(shape), type(value).__name__))


def _as_scalar(key, stored, value):
    try:
        return type(value)(stored.reshape(()).item())
    except (TypeError, ValueError, OverflowError) as e:
        raise ValueError('entry {!r} holds {!r}, which is not a valid {}: {}'.format(
            key, stored.reshape(()).item(), type(value).__name__, e)) from None


def check(key, stored, value):
    """Validates what :func:`restore` would do, writing nothing.

    Returns:
        The value :func:`restore` would return, except that an array ``value`` is
        returned unchanged (the stored data are not copied into it).
    """
    check_shape(key, stored.shape, stored.dtype, value)
    if value is None or is_array(value):
        return value
    return _as_scalar(key, stored, value)


def restore(key, stored, value):
    """Returns the deserialized value of the entry ``key``.

    Args:
        key (str): full path of the entry, for error messages.
        stored (numpy.ndarray): the loaded entry.
        value: the caller's value: None (the stored array is returned), an array
            (filled in place, shapes must match) or a scalar or str (the stored value
            converted to its type is returned).

    Raises:
        ValueError: when the stored shape does not fit ``value`` or a stored scalar is
            not a valid value of ``value``'s type.
        TypeError: when the stored dtype cannot be cast safely to ``value``'s (e.g.
            floats into an int array).
    """
    result = check(key, stored, value)
    if value is None:
        return stored
    if isinstance(value, numpy.ndarray):
        numpy.copyto(value, stored, casting='same_kind')
    elif is_array(value):
        value.set(numpy.asarray(stored, dtype=value.dtype))
    return result
