"""v2+ parts of chainer.backends.cuda that are defined without a GPU: to_cpu of
numpy scalars, fuse, the cuDNN policy; the GPU-only ones say what is missing."""
import numpy
import pytest

import chainer
from chainer.backends import cuda


@pytest.fixture
def no_backend(monkeypatch):
    monkeypatch.setattr(cuda, '_backend_cache', [None])


@pytest.mark.parametrize('value', [
    numpy.bool_(True), numpy.int8(-3), numpy.uint64(7), numpy.float16(1.5),
    numpy.float64(2.25), numpy.complex128(1 - 2j)])
def test_to_cpu_makes_a_0d_array_of_a_numpy_scalar(no_backend, value):
    y = cuda.to_cpu(value)
    assert isinstance(y, numpy.ndarray)
    assert y.shape == () and y.dtype == value.dtype and y == value


def test_fuse_without_gpu_returns_the_function(no_backend):
    def f(x, y):
        return x * y + 1
    assert cuda.fuse(f) is f
    assert cuda.fuse(kernel_name='f')(f) is f
    assert cuda.fuse()(f)(numpy.float32(2), 3) == 7


def test_gpu_only_helpers_raise_without_gpu(no_backend):
    with pytest.raises(RuntimeError, match='cuda.raw'):
        cuda.raw('extern "C" __global__ void k() {}', 'k')
    with pytest.raises(RuntimeError, match='_get_device_or_current'):
        cuda._get_device_or_current(None)


@pytest.mark.parametrize('setting', ['always', 'auto', 'never'])
def test_should_use_cudnn_is_false_without_cudnn(no_backend, setting):
    with chainer.using_config('use_cudnn', setting):
        assert chainer.should_use_cudnn('>=auto') is False
        assert cuda.should_use_cudnn('==always', lowest_version=5000) is False
    assert chainer.should_use_cudnn is cuda.should_use_cudnn


def test_should_use_cudnn_levels_with_cudnn(monkeypatch):
    from chainer import _cudnn_policy
    monkeypatch.setattr(_cudnn_policy, '_cudnn_version', lambda: 7000)
    with chainer.using_config('use_cudnn', 'auto'):
        assert chainer.should_use_cudnn('>=auto') is True
        assert chainer.should_use_cudnn('==always') is False
        assert chainer.should_use_cudnn('>=auto', 8000) is False
        with pytest.raises(ValueError, match='level'):
            chainer.should_use_cudnn('sometimes')
    with chainer.using_config('use_cudnn', 'always'):
        assert chainer.should_use_cudnn('==always') is True
    with chainer.using_config('use_cudnn', 'never'):
        assert chainer.should_use_cudnn('>=auto') is False
    with chainer.using_config('use_cudnn', 'maybe'):
        with pytest.raises(ValueError, match='use_cudnn'):
            chainer.should_use_cudnn('>=auto')


def test_should_use_cudnn_tensor_core_follows_the_setting(no_backend):
    dtype = numpy.float16
    assert chainer.should_use_cudnn_tensor_core(dtype) is False  # auto, no cuDNN
    with chainer.using_config('use_cudnn_tensor_core', 'always'):
        assert cuda.should_use_cudnn_tensor_core(dtype) is True
    with chainer.using_config('use_cudnn_tensor_core', 'never'):
        assert cuda.should_use_cudnn_tensor_core(dtype) is False
    with chainer.using_config('use_cudnn_tensor_core', 'yes'):
        with pytest.raises(ValueError, match='use_cudnn_tensor_core'):
            cuda.should_use_cudnn_tensor_core(dtype)
