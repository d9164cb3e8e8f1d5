"""Parameter.to_device (v4+)."""
import numpy
import pytest

import chainer
from chainer import backend


def test_to_device_host_keeps_data_and_gradient():
    p = chainer.Parameter(numpy.arange(3, dtype=numpy.float32))
    p.grad = numpy.ones(3, numpy.float32)
    for spec in ('@numpy', backend.CpuDevice(), numpy):
        p.to_device(spec)
        assert isinstance(p.data, numpy.ndarray)
        numpy.testing.assert_array_equal(p.data, [0, 1, 2])
        numpy.testing.assert_array_equal(p.grad, [1, 1, 1])
    assert isinstance(p.device, backend.CpuDevice)


def test_to_device_host_of_an_uninitialized_parameter_initializes_there():
    p = chainer.Parameter(shape=None)
    p.to_device('@numpy')
    assert p.data is None
    p.initialize((2,))
    assert isinstance(p.data, numpy.ndarray)


def test_to_device_gpu_without_backend_says_what_to_install():
    if chainer.cuda.available:
        pytest.skip('a CUDA backend is installed')
    p = chainer.Parameter(numpy.zeros(1, numpy.float32))
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        p.to_device('@cupy:0')
