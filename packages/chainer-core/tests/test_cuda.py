"""Tests of the chainer.cuda facade without a GPU backend (numpy only)."""
import numpy
import pytest

import chainer
from chainer import cuda


@pytest.fixture
def no_backend(monkeypatch):
    # what `pip install chainer-core` alone gives: no `chainer.backends` entry point
    monkeypatch.setattr(cuda, '_backend_cache', [None])


def test_available_and_cudnn_are_false(no_backend):
    assert cuda.available is False
    assert cuda.cudnn_enabled is False


def test_get_array_module_is_numpy(no_backend):
    x = numpy.zeros(2)
    assert cuda.get_array_module(x) is numpy
    assert cuda.get_array_module(chainer.Variable(x)) is numpy
    assert cuda.get_array_module() is numpy
    assert cuda.get_array_module(1.0, None) is numpy


def test_to_cpu_passes_host_arrays_through(no_backend):
    x = numpy.zeros(2)
    assert cuda.to_cpu(x) is x
    assert cuda.to_cpu(None) is None
    with pytest.raises(TypeError, match='to_cpu'):
        cuda.to_cpu([1, 2])


def test_gpu_requests_name_the_backend_package(no_backend):
    with pytest.raises(RuntimeError, match='pip install "cupy-kernels'):
        cuda.to_gpu(numpy.zeros(2))
    with pytest.raises(RuntimeError, match='cupy-kernels') as e:
        cuda.kernel('im2col')
    assert 'im2col' in str(e.value)
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        cuda.check_cuda_available()
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        cuda.get_device(0)
    with pytest.raises(AttributeError, match='cupy-kernels'):
        cuda.cupy.zeros  # cuda.cupy itself is a placeholder (v2+)
    with pytest.raises(AttributeError, match='no_such_name'):
        cuda.no_such_name


def test_get_device_of_host_data_is_the_dummy_device(no_backend):
    assert cuda.get_device(numpy.zeros(1)) is cuda.DummyDevice
    assert cuda.get_device(None, -1) is cuda.DummyDevice
    assert cuda.get_device() is cuda.DummyDevice


@pytest.fixture(params=['none', 'broken'])
def unusable_backend(request, monkeypatch):
    # no backend installed, or one registered that failed to load
    backend = None if request.param == 'none' else cuda._BrokenBackend(ImportError('x'))
    monkeypatch.setattr(cuda, '_backend_cache', [backend])


@pytest.mark.parametrize('device_id', [0, 1, numpy.int64(0)])
def test_v124_get_device_from_id_says_cuda_is_unavailable(unusable_backend, device_id):
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        cuda.get_device_from_id(device_id)


def test_v124_get_device_from_id_of_none_is_the_dummy_device(unusable_backend):
    assert cuda.get_device_from_id(None) is cuda.DummyDevice


def test_v124_get_device_from_array_of_host_data_is_the_dummy_device(unusable_backend):
    assert cuda.get_device_from_array(numpy.zeros(3)) is cuda.DummyDevice
    assert cuda.get_device_from_array(numpy.int64(0)) is cuda.DummyDevice
    assert cuda.get_device_from_array(numpy.zeros(1), None, 0) is cuda.DummyDevice
    assert cuda.get_device_from_array() is cuda.DummyDevice


@pytest.mark.parametrize('args', [(0,), (numpy.int32(2),), (numpy.zeros(1), 1)])
def test_v1_get_device_of_an_id_says_cuda_is_unavailable(unusable_backend, args):
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        cuda.get_device(*args)


def test_dummy_device():
    d = cuda.DummyDevice
    with d as entered:
        assert entered is d
    assert int(d) == -1 and d.id == -1
    d.use()
    d.synchronize()
    assert d == cuda.DummyDeviceType() and hash(d) == hash(-1)
    assert d != 0


@pytest.mark.parametrize('name,args', [
    ('empty', ((2,),)), ('empty_like', (numpy.zeros(2),)), ('zeros', ((2,),)),
    ('zeros_like', (numpy.zeros(2),)), ('ones', ((2,),)),
    ('ones_like', (numpy.zeros(2),)), ('full', ((2,), 1.0)),
    ('full_like', (numpy.zeros(2), 1.0)), ('copy', (numpy.zeros(2),)),
])
def test_deprecated_creators_and_copy_need_the_backend(no_backend, name, args):
    """The deprecated array creators and ``copy`` make CuPy arrays;
    without a backend they say what to install."""
    with pytest.raises(RuntimeError, match='pip install "cupy-kernels') as e:
        getattr(cuda, name)(*args)
    assert 'cuda.' + name in str(e.value)
