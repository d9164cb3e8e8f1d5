"""The GPU device of Chainer v4+, :class:`GpuDevice` (``'@cupy:N'``), reached as
``chainer.backends.cuda.GpuDevice`` (= ``chainer.cuda.GpuDevice``).

Core ships no GPU code: everything CuPy is asked of the backend behind
:mod:`chainer.cuda` (the ``cuda`` entry point of the ``chainer.backends`` group, which the
``cupy-kernels`` distribution registers). Without that backend, or without a device,
creating a :class:`GpuDevice` raises RuntimeError saying what to install or why the GPU
cannot be used.
"""
import numpy

from chainer import _backend
from chainer import cuda


def _check_device_id(device_id):
    if isinstance(device_id, bool) or \
            not isinstance(device_id, (int, numpy.integer)) or device_id < 0:
        raise ValueError('invalid CUDA device id {!r}: a GPU is named by an integer '
                         '>= 0'.format(device_id))
    return int(device_id)


def _is_gpu_array(array):
    # Cheap test first: host arrays and scalars never load the backend.
    if not hasattr(array, '__cuda_array_interface__') or \
            isinstance(array, (numpy.ndarray, numpy.generic)):
        return False
    backend = cuda._get_backend()
    return backend is not None and backend.available and isinstance(array, cuda.ndarray)


class GpuDevice(_backend.Device):
    """A CUDA GPU whose array module is CuPy (``'@cupy:N'``).

    Args:
        device (cupy.cuda.Device): the CUDA device (``chainer.cuda.Device(N)``).

    Raises:
        RuntimeError: when no usable CUDA backend is installed (the message says what
            to install) or no GPU is present.
        TypeError: when ``device`` is not a CUDA device object.

    Attributes:
        device (cupy.cuda.Device): the CUDA device.
    """

    __hash__ = _backend.Device.__hash__

    def __init__(self, device):
        cuda._require_backend('a GpuDevice')
        if not isinstance(device, cuda.Device):
            raise TypeError('GpuDevice expects a CUDA device object (chainer.cuda.Device), '
                            'got {!r}; use GpuDevice.from_device_id(N) or '
                            'chainer.get_device("@cupy:N") for an id'.format(device))
        self.device = device

    @staticmethod
    def from_device_id(device_id):
        """Returns the :class:`GpuDevice` of the CUDA device id ``device_id`` (>= 0).

        Raises:
            ValueError: for an id that is not an integer >= 0.
            RuntimeError: when no usable CUDA backend or GPU is present.
        """
        device_id = _check_device_id(device_id)
        cuda._require_backend("the device '@cupy:{}'".format(device_id))
        return GpuDevice(cuda.get_device_from_id(device_id))

    @staticmethod
    def from_array(array):
        """Returns the :class:`GpuDevice` a CuPy array lives on; None for any other
        object (numpy arrays and scalars never load the GPU backend)."""
        if _is_gpu_array(array) and array.device is not None:
            return GpuDevice(array.device)
        return None

    @property
    def xp(self):
        """The array module of the GPU, :mod:`cupy`."""
        return cuda.cupy

    @property
    def supported_array_types(self):
        """``(cupy.ndarray,)``."""
        return (cuda.ndarray,)

    @property
    def name(self):
        """``'@cupy:N'`` for the CUDA device id N."""
        return '@cupy:{}'.format(self.device.id)

    def __eq__(self, other):
        return isinstance(other, GpuDevice) and other.device == self.device

    def __repr__(self):
        return '<{} (cupy):{}>'.format(type(self).__name__, self.device.id)

    def create_context(self):
        """Returns a context manager selecting this GPU as the current CUDA device (a
        new CUDA device object each time, as one cannot be shared across threads)."""
        return cuda.Device(self.device.id)

    def use(self):
        """Makes this GPU the current CUDA device of the calling thread."""
        self.device.use()

    def send_array(self, array):
        """Returns ``array`` on this GPU: a CuPy array already there unchanged (no copy),
        one on another GPU copied over, host arrays and scalars copied in, None as None.

        Raises:
            TypeError: for an object that is not an array.
        """
        if array is None:
            return None
        if _is_gpu_array(array):
            if array.device == self.device:
                return array
            return cuda.copy(array, out_device=self.device)
        if numpy.isscalar(array):
            array = numpy.asarray(array)
        if not isinstance(array, numpy.ndarray):
            raise TypeError('cannot send an object of type {} to {}'.format(
                type(array).__name__, self))
        return cuda.to_gpu(array, self.device)

    def is_array_supported(self, array):
        """Returns whether ``array`` is a CuPy array on this GPU."""
        return _is_gpu_array(array) and array.device == self.device
