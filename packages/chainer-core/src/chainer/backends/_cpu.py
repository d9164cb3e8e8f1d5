"""The host device: :class:`CpuDevice` (numpy) and the conversion of arrays to numpy."""
import numpy

from chainer import _backend
from chainer import cuda


class CpuDevice(_backend.Device):
    """The host device, whose array module is :mod:`numpy` (``'@numpy'``).

    Every instance equals every other; ``str(CpuDevice())`` is ``'@numpy'``.
    """

    #: Name (device specifier) of the host device.
    name = '@numpy'
    #: Array module of the host device.
    xp = numpy
    #: Array classes the host device computes on.
    supported_array_types = (numpy.ndarray,)

    __hash__ = _backend.Device.__hash__

    @staticmethod
    def from_array(array):
        """Returns a :class:`CpuDevice` for a numpy array, None for anything else."""
        if isinstance(array, numpy.ndarray):
            return CpuDevice()
        return None

    def __eq__(self, other):
        return isinstance(other, CpuDevice)

    def __repr__(self):
        return '<{} (numpy)>'.format(type(self).__name__)

    def send_array(self, array):
        """Returns ``array`` as a numpy array: numpy arrays unchanged (no copy), GPU
        arrays copied to the host, numpy/Python scalars as 0-d arrays, None as None.

        Raises:
            TypeError: for anything else.
        """
        return _array_to_cpu(array)

    def is_array_supported(self, array):
        """Returns whether ``array`` is a :class:`numpy.ndarray`."""
        return isinstance(array, numpy.ndarray)


def _to_cpu(arrays):
    """Converts an array, or a list/tuple of arrays, to numpy (see
    :meth:`CpuDevice.send_array`)."""
    return _backend._convert_arrays(arrays, _array_to_cpu)


def _array_to_cpu(array):
    if array is None or isinstance(array, numpy.ndarray):
        return array
    if hasattr(array, '__cuda_array_interface__') and not isinstance(array, numpy.generic):
        return cuda.to_cpu(array)
    if numpy.isscalar(array):
        return numpy.asarray(array)
    raise TypeError('cannot convert an object of type {} to a numpy.ndarray'.format(
        type(array).__name__))
