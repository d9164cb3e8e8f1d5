"""A stand-in CUDA backend (no CuPy, no GPU) for testing the device API's GPU paths.

Its arrays wrap a numpy array and a device id; its module is registered nowhere (tests
install the backend with ``install(monkeypatch)``), so core's code sees it only through
``chainer.cuda``'s backend object, exactly as it sees cupy-kernels.
"""
import types

import numpy

from chainer import cuda


class FakeDevice(object):
    """Plays ``cupy.cuda.Device``: an id, current-device selection and ``with``."""

    current = 0

    def __init__(self, device_id=None):
        self.id = FakeDevice.current if device_id is None else int(device_id)
        self._saved = []

    def use(self):
        FakeDevice.current = self.id

    def __enter__(self):
        self._saved.append(FakeDevice.current)
        self.use()
        return self

    def __exit__(self, *args):
        FakeDevice.current = self._saved.pop()

    def __eq__(self, other):
        return isinstance(other, FakeDevice) and other.id == self.id

    def __hash__(self):
        return hash(self.id)


FakeDevice.__module__ = 'cupy.cuda.device'


class FakeArray(object):
    """Plays ``cupy.ndarray``: host data plus the device it lives on."""

    def __init__(self, host, device):
        self.host = numpy.array(host)
        self.device = device

    @property
    def __cuda_array_interface__(self):
        return {'shape': self.host.shape}

    shape = property(lambda self: self.host.shape)
    dtype = property(lambda self: self.host.dtype)
    flags = property(lambda self: self.host.flags)

    def get(self, stream=None):
        return self.host.copy()

    def set(self, array, stream=None):
        self.host[...] = array


FakeArray.__module__ = 'cupy'


def _copyto(dst, src):
    numpy.copyto(dst.host, src.host)


cupy = types.ModuleType('cupy')
cupy.ndarray = FakeArray
cupy.copyto = _copyto
cupy.cuda = types.SimpleNamespace(Device=FakeDevice)


class FakeBackend(object):
    """The backend object ``chainer.cuda`` forwards to."""

    available = True
    cudnn_enabled = False
    cupy = cupy
    ndarray = FakeArray
    Device = FakeDevice

    def unavailable_reason(self):
        return ''

    def get_device(self, arg):
        if isinstance(arg, FakeArray):
            return arg.device
        if isinstance(arg, FakeDevice):
            return arg
        return FakeDevice(arg)

    def get_array_module(self, *args):
        return cupy if any(isinstance(a, FakeArray) for a in args) else numpy

    def to_gpu(self, array, device=None, stream=None):
        if isinstance(array, FakeArray):
            return array
        device = FakeDevice() if device is None else self.get_device(device)
        return FakeArray(array, device)

    def to_cpu(self, array, stream=None):
        return array.get()

    def copy(self, array, out=None, out_device=None, stream=None):
        device = FakeDevice() if out_device is None else self.get_device(out_device)
        return FakeArray(array.host.copy(), device)


def install(monkeypatch):
    """Makes :class:`FakeBackend` chainer.cuda's backend for the test; returns it."""
    backend = FakeBackend()
    monkeypatch.setattr(cuda, '_backend_cache', [backend])
    monkeypatch.setattr(FakeDevice, 'current', 0)
    return backend
