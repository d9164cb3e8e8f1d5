"""Packing gradients and parameters into one flat buffer, across host and GPU memory.

A GPU run found GPU parameters copied straight into a host buffer (``bcast_data`` and the
host-staged all-reduces), which CuPy refuses. Here a stand-in GPU array that refuses
implicit conversions, as CuPy's does, plays the device side."""
import types

import numpy
import pytest

from chainermn.communicators import _packing


class _DeviceArray(object):
    """A CuPy-like array: no implicit conversion to numpy."""

    def __init__(self, host):
        self.host = numpy.array(host)

    def __array__(self, *args, **kwargs):
        raise TypeError('Implicit conversion to a NumPy array is not allowed')

    size = property(lambda self: self.host.size)
    shape = property(lambda self: self.host.shape)
    dtype = property(lambda self: self.host.dtype)

    def ravel(self):
        return _DeviceArray(self.host.ravel())

    def reshape(self, shape):
        return _DeviceArray(self.host.reshape(shape))

    def __getitem__(self, key):
        return _DeviceArray(self.host[key])

    def __setitem__(self, key, value):
        if not isinstance(value, _DeviceArray):
            raise TypeError('a host array cannot be assigned to device memory implicitly')
        self.host[key] = value.host


@pytest.fixture
def device(monkeypatch):
    moves = []
    fake_xp = types.SimpleNamespace(name='device')

    def to_cpu(a):
        moves.append('to_cpu')
        return a.host.copy()

    def to_gpu(a):
        moves.append('to_gpu')
        return _DeviceArray(a)

    monkeypatch.setattr(_packing, 'cuda', types.SimpleNamespace(
        get_array_module=lambda a: fake_xp if isinstance(a, _DeviceArray) else numpy,
        to_cpu=to_cpu, to_gpu=to_gpu))
    return moves


def test_device_arrays_pack_into_a_host_buffer_and_come_back(device):
    arrays = [_DeviceArray(numpy.arange(6, dtype=numpy.float32).reshape(2, 3)),
              _DeviceArray(numpy.array([7.5, 8.5], dtype=numpy.float32))]
    flat = _packing.pack(arrays, numpy.empty(8, numpy.float32))
    numpy.testing.assert_array_equal(flat, [0, 1, 2, 3, 4, 5, 7.5, 8.5])
    assert device == ['to_cpu', 'to_cpu']
    _packing.unpack(flat * 2, arrays)
    assert device[2:] == ['to_gpu']  # the whole buffer moves once, not per array
    numpy.testing.assert_array_equal(arrays[0].host, [[0, 2, 4], [6, 8, 10]])
    numpy.testing.assert_array_equal(arrays[1].host, [15, 17])


def test_arrays_on_the_buffers_side_are_not_moved(device):
    host = [numpy.ones((2, 2), numpy.float64), numpy.zeros(3, numpy.float64)]
    flat = _packing.pack(host, numpy.empty(7, numpy.float32))
    assert flat.dtype == numpy.float32 and flat.tolist() == [1] * 4 + [0] * 3
    _packing.unpack(flat, host, scale=0.5)
    assert host[0].dtype == numpy.float64 and host[0].tolist() == [[0.5, 0.5]] * 2
    dev = [_DeviceArray(numpy.arange(3.))]
    out = _packing.pack(dev, _DeviceArray(numpy.empty(3)))
    assert out.host.tolist() == [0, 1, 2] and device == []
