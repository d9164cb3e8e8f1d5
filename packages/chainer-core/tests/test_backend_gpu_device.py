"""GpuDevice and the GPU paths of chainer.backend, through chainer.cuda's backend object
(a stand-in backend here: core reaches CuPy only through it)."""
import numpy
import pytest

import chainer
from chainer import backend, cuda

import _fake_cuda
from _fake_cuda import FakeArray, FakeDevice


@pytest.fixture
def gpu(monkeypatch):
    return _fake_cuda.install(monkeypatch)


@pytest.mark.parametrize('spec', ['@cupy:1', 1, '1', numpy.int64(1), (_fake_cuda.cupy, 1)])
def test_every_gpu_form_gives_the_gpu_device(gpu, spec):
    device = chainer.get_device(spec)
    assert isinstance(device, backend.GpuDevice)
    assert device.device == FakeDevice(1)
    assert device.xp is _fake_cuda.cupy and device.xp is cuda.cupy
    assert device.supported_array_types == (FakeArray,)


def test_a_cuda_device_object_is_a_specifier(gpu):
    assert chainer.get_device(FakeDevice(2)) == backend.GpuDevice.from_device_id(2)


def test_name_repr_equality_and_hash(gpu):
    a, b = chainer.get_device('@cupy:0'), backend.GpuDevice(FakeDevice(0))
    assert str(a) == a.name == '@cupy:0'
    assert repr(a) == '<GpuDevice (cupy):0>'
    assert a == b and hash(a) == hash(b) and not (a != b)
    assert a != chainer.get_device('@cupy:1') and a != backend.CpuDevice()


def test_bad_ids_and_objects(gpu):
    for bad in (-1, 1.0, True, '0'):
        with pytest.raises(ValueError, match='CUDA device id'):
            backend.GpuDevice.from_device_id(bad)
    with pytest.raises(TypeError, match='CUDA device object'):
        backend.GpuDevice(0)


def test_using_device_selects_and_restores_the_current_gpu(gpu):
    with chainer.using_device('@cupy:3'):
        assert FakeDevice.current == 3
    assert FakeDevice.current == 0
    chainer.get_device('@cupy:2').use()
    assert FakeDevice.current == 2


def test_send_to_gpu_and_back(gpu):
    device = chainer.get_device('@cupy:1')
    x = numpy.arange(4, dtype=numpy.float32)
    on_gpu = device.send(x)
    assert isinstance(on_gpu, FakeArray) and on_gpu.device.id == 1
    assert device.send(on_gpu) is on_gpu
    assert device.is_array_supported(on_gpu)
    assert not chainer.get_device('@cupy:0').is_array_supported(on_gpu)
    moved = chainer.get_device('@cupy:0').send(on_gpu)
    assert moved.device.id == 0 and (moved.host == x).all()
    back = backend.CpuDevice().send(on_gpu)
    assert isinstance(back, numpy.ndarray) and (back == x).all()
    scalar = device.send(numpy.float32(5))
    assert isinstance(scalar, FakeArray) and scalar.host.shape == ()
    with pytest.raises(TypeError, match='list'):
        device.send_array([1])


def test_arrays_name_their_device_and_module(gpu):
    a = FakeArray([1.0], FakeDevice(2))
    assert backend.get_device_from_array(numpy.zeros(1), a) == chainer.get_device('@cupy:2')
    assert backend.GpuDevice.from_array(numpy.zeros(1)) is None
    assert backend.get_array_module(numpy.zeros(1), a) is _fake_cuda.cupy
    assert cuda.get_array_module(a) is _fake_cuda.cupy
    assert chainer.get_array_types() == (numpy.ndarray, FakeArray)
    assert chainer.get_cpu_array_types() == (numpy.ndarray,)
    assert chainer.is_arrays_compatible([a, FakeArray([2.0], FakeDevice(0))])
    assert not chainer.is_arrays_compatible([a, numpy.zeros(1)])
    assert not chainer.is_arrays_compatible([numpy.zeros(1), a])


def test_copyto_across_devices(gpu):
    dst = FakeArray(numpy.zeros(3, numpy.float32), FakeDevice(0))
    backend.copyto(dst, numpy.arange(3, dtype=numpy.float32))
    assert (dst.host == [0, 1, 2]).all()
    backend.copyto(dst, numpy.arange(3, dtype=numpy.float64) + 1)  # other dtype
    assert (dst.host == [1, 2, 3]).all()
    host = numpy.zeros(3)
    backend.copyto(host, dst)
    assert (host == [1, 2, 3]).all()
    other = FakeArray(numpy.full(3, 7.0, numpy.float32), FakeDevice(1))
    backend.copyto(dst, other)
    assert (dst.host == 7).all()
