import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda
from chainer.testing import attr


def test_copy_to_host(rng, dtype, check_backward):
    x = rng.uniform(-1, 1, (2, 3)).astype(dtype)
    y = F.copy(x, -1)
    assert isinstance(y.data, numpy.ndarray)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, x)
    assert not numpy.shares_memory(y.data, x)
    gy = rng.uniform(-1, 1, (2, 3)).astype(dtype)
    check_backward(lambda x: F.copy(x, -1), x, gy, dtype)


def test_copy_backward_stays_on_host(rng):
    x = chainer.Variable(rng.uniform(-1, 1, (2,)).astype(numpy.float32))
    y = F.copy(x, -1)
    y.grad = numpy.array([1, 2], numpy.float32)
    y.backward()
    assert isinstance(x.grad, numpy.ndarray)
    numpy.testing.assert_array_equal(x.grad, [1, 2])


def _gpu_usable():
    try:
        return bool(cuda.available)
    except ImportError:  # a registered backend that fails to import: no GPU
        return False


def test_copy_to_gpu_without_a_gpu_fails_loudly():
    if _gpu_usable():
        pytest.skip('a GPU is usable')
    # Never a silent copy to the host: no GPU means an error (RuntimeError naming
    # what to install, or the ImportError of a broken backend install).
    with pytest.raises((RuntimeError, ImportError)):
        F.copy(numpy.zeros(2, numpy.float32), 0)


@attr.gpu
def test_copy_host_gpu_roundtrip(rng):
    x = chainer.Variable(rng.uniform(-1, 1, (2, 3)).astype(numpy.float32))
    y = F.copy(x, 0)
    assert not isinstance(y.data, numpy.ndarray)
    z = F.copy(y, -1)
    numpy.testing.assert_array_equal(z.data, x.data)
    z.grad = numpy.ones((2, 3), numpy.float32)
    z.backward()
    assert isinstance(x.grad, numpy.ndarray)
    numpy.testing.assert_array_equal(x.grad, numpy.ones((2, 3)))
