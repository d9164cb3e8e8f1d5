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
    if chainer.cuda._get_backend() is not None:
        # (with one but no GPU, the error says what is missing instead: see cuda.py)
        pytest.skip('a CUDA backend (cupy-kernels) is installed')
    p = chainer.Parameter(numpy.zeros(1, numpy.float32))
    with pytest.raises(RuntimeError, match='cupy-kernels'):
        p.to_device('@cupy:0')


class _TaggedDevice(backend.Device):
    """A device of one's own (v7 allows subclasses): host arrays, copied on send."""

    xp = numpy
    supported_array_types = (numpy.ndarray,)

    def __init__(self, index):
        self.index = index
        self.sent = 0

    def __eq__(self, other):
        return isinstance(other, _TaggedDevice) and other.index == self.index

    def __hash__(self):
        return hash(self.index)

    def __str__(self):
        return '@tagged:{}'.format(self.index)

    def send_array(self, array):
        self.sent += 1
        return array.copy()


def test_a_device_of_ones_own_gets_the_arrays_through_send_and_is_remembered():
    p = chainer.Parameter(numpy.arange(3, dtype=numpy.float32))
    p.grad = numpy.ones(3, numpy.float32)
    data, device = p.data, _TaggedDevice(1)
    p.to_device(device)
    assert p.device is device and device.sent == 2  # data and gradient
    assert p.data is not data
    numpy.testing.assert_array_equal(p.data, [0, 1, 2])
    numpy.testing.assert_array_equal(p.grad, [1, 1, 1])
    p.to_device('@numpy')  # back to the host: the device is the array's again
    assert isinstance(p.device, backend.CpuDevice)
    p.to_device(_TaggedDevice(2))
    p.to_cpu()
    assert isinstance(p.device, backend.CpuDevice)


def test_an_uninitialized_parameter_is_initialized_on_a_device_of_ones_own():
    p = chainer.Parameter(shape=None)
    device = _TaggedDevice(3)
    p.to_device(device)
    assert p.data is None and p.device == _TaggedDevice(3)
    p.initialize((2,))
    assert device.sent == 1 and p.data.shape == (2,)
    assert p.device == _TaggedDevice(3)


def test_a_link_moves_its_parameters_to_a_device_of_ones_own():
    class Model(chainer.Link):
        def __init__(self):
            super(Model, self).__init__()
            with self.init_scope():
                self.p1 = chainer.Parameter()
                self.p2 = chainer.Parameter(numpy.array([1, 2], numpy.float32))

    model = Model()
    model.to_device(_TaggedDevice(4))
    assert model.p1.device == _TaggedDevice(4)
    assert model.p2.device == _TaggedDevice(4)
