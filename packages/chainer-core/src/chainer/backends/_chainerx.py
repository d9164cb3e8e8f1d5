"""The ChainerX names of Chainer v7 (:class:`ChainerxDevice`, ``to_chx``, ``from_chx``),
without ChainerX.

ChainerX (Chainer's C++ array library) is not part of this project; the top-level
:mod:`chainerx` module it ships only says so (``chainerx.is_available()`` is False). Code
that asks for a ChainerX device or array gets RuntimeError with that reason; converting
arrays *from* ChainerX is the identity on numpy/CuPy arrays, as in v7.
"""
import numpy

from chainer import _backend

_REASON = ('ChainerX is not part of this project (chainerx.is_available() is False): '
           "use the device '@numpy' or '@cupy:N'")


def _unavailable(what):
    return RuntimeError('{}: {}'.format(what, _REASON))


class ChainerxDevice(_backend.Device):
    """A ChainerX device (``'native:0'``, ``'cuda:0'``, ...); ChainerX is not provided, so
    creating one raises.

    Raises:
        RuntimeError: always here, saying that ChainerX is not part of this project.
    """

    #: Array classes of ChainerX devices (none exist here).
    supported_array_types = ()

    def __init__(self, device):
        raise _unavailable('cannot create a ChainerxDevice for {!r}'.format(device))

    @staticmethod
    def from_array(array):
        """Returns the device of a ChainerX array: None, as none exists here."""
        return None

    @staticmethod
    def from_fallback_device(device):
        """Returns the ChainerX device sharing ``device``'s memory.

        Raises:
            RuntimeError: always here, as ChainerX is not provided.
        """
        raise _unavailable('cannot make a ChainerX device from {}'.format(device))


def to_chx(arrays):
    """Converts arrays to ChainerX arrays.

    Raises:
        RuntimeError: always here, as ChainerX is not provided.
    """
    raise _unavailable('cannot convert arrays to ChainerX')


def _array_from_chainerx(array):
    if array is None or isinstance(array, numpy.ndarray) or \
            hasattr(array, '__cuda_array_interface__'):
        return array
    raise TypeError('from_chx expects numpy or CuPy arrays (no ChainerX array exists '
                    'here), got {}'.format(type(array).__name__))


def from_chx(arrays):
    """Converts ChainerX arrays to numpy/CuPy ones without copy. As no ChainerX array
    exists here, numpy and CuPy arrays (and None) are returned as they are.

    Args:
        arrays: an array, or a list/tuple of arrays.

    Returns:
        The same arrays, in the same container type.

    Raises:
        TypeError: for an object that is not an array.
    """
    return _backend._convert_arrays(arrays, _array_from_chainerx)
