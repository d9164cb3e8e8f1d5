"""Turning a stored entry into the value a deserializer returns (shared by the NPZ
and HDF5 deserializers): :func:`check` validates without writing anything,
:func:`restore` validates and writes."""
import numpy

from chainer import cuda
from chainer.serializers._none_entry import is_none_entry, is_none_header, none_entry


def check_saveable(key, value):
    """Returns ``value`` as a host array that can be stored without pickling but for
    None, stored as Chainer v7 does (:func:`~chainer.serializers._none_entry.none_entry`).
    """
    if value is None:
        return none_entry()
    if hasattr(value, '__cuda_array_interface__'):
        value = cuda.to_cpu(value)
    array = numpy.asarray(value)
    if is_none_entry(array):  # a None already in its stored form (a dict snapshot)
        return none_entry()
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
    (see :func:`restore`); only the entry's header is needed, not its data. An entry
    that may stand for None fits anything."""
    if value is None or is_none_header(shape, dtype):
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
    kind = type(value)
    if kind is int and stored.dtype.kind == 'f':
        # A running sum started as ``0`` and saved as a float (MicroAverage, user
        # code): the saved number is given back, as an int when it is one. v1
        # truncated it silently; v7 refused it.
        number = float(stored.reshape(()).item())
        return int(number) if number.is_integer() else number
    if stored.dtype.kind in 'biufc' and not (
            stored.dtype.kind in 'iu' and kind is int) and \
            not numpy.can_cast(stored.dtype, kind, casting='safe'):
        # v7: a stored number must convert to the value's type without loss (an
        # integer of any size into a Python int always does).
        raise TypeError('entry {!r} holds a {} which cannot be loaded safely into a '
                        'value of type {}'.format(key, stored.dtype, kind.__name__))
    try:
        return type(value)(stored.reshape(()).item())
    except (TypeError, ValueError, OverflowError) as e:
        raise ValueError('entry {!r} holds {!r}, which is not a valid {}: {}'.format(
            key, stored.reshape(()).item(), type(value).__name__, e)) from None


def check(key, stored, value):
    """Validates what :func:`restore` would do, writing nothing.

    Returns:
        The value :func:`restore` would return (None for an entry standing for
        None), except that an array ``value`` is returned unchanged (the stored data
        are not copied into it).
    """
    if is_none_entry(stored):
        return None
    if stored.dtype.hasobject:
        raise TypeError('entry {!r} holds Python objects, which are never loaded (only '
                        'None, as Chainer v7 saves it)'.format(key))
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
            converted to its type is returned). An entry standing for None (saved
            from a None value) gives None and leaves an array ``value`` untouched.

    Raises:
        ValueError: when the stored shape does not fit ``value`` or a stored scalar is
            not a valid value of ``value``'s type.
        TypeError: when the stored dtype cannot be cast to ``value``'s (floats
            into an int array; for a scalar ``value``, a lossy conversion such as
            an int64 into a numpy.uint32 or a float into a bool), or the entry holds
            Python objects other than None. A float into a Python int gives the
            saved number (an int when it is integral).
    """
    result = check(key, stored, value)
    if is_none_entry(stored):  # v7: None whatever the caller's value
        return None
    if value is None:
        return stored
    if isinstance(value, numpy.ndarray):
        numpy.copyto(value, stored, casting='same_kind')
    elif is_array(value):
        value.set(numpy.asarray(stored, dtype=value.dtype))
    return result
