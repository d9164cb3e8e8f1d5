"""Shared fixtures of the noise function tests."""
import zlib

import numpy
import pytest

import chainer
from chainer import cuda
from chainer import gradient_check
from chainer import testing

# Tolerances of the backward checks by dtype (CONTRIBUTING.md): float16 functions are
# compared with a float64 numerical gradient.
_BACKWARD_OPTIONS = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}


@pytest.fixture
def check_backward():
    """``check_backward(func, x_data, y_grad, **kw)`` with the tolerances of the dtype
    of the first input (keyword arguments override them)."""
    def check(func, x_data, y_grad, **kwargs):
        first = x_data[0] if isinstance(x_data, tuple) else x_data
        options = dict(_BACKWARD_OPTIONS[first.dtype.type])
        options.update(kwargs)
        gradient_check.check_backward(func, x_data, y_grad, **options)
    return check


@pytest.fixture(autouse=True)
def _seeded_numpy_random(request):
    """Seeds the global numpy RNG per test (from its id): reproducible inputs."""
    numpy.random.seed(zlib.crc32(request.node.nodeid.encode()))


def _as_tuple(ys):
    return ys if isinstance(ys, tuple) else (ys,)


def _compare_with_gpu(func, x_data, atol=1e-5, rtol=1e-4):
    """Runs ``func`` on the host and on the GPU; asserts equal outputs and equal input
    gradients for all-ones output gradients. Several outputs must come from one
    function node (one backward then reads all their gradients)."""
    results = []
    for to_device in (numpy.array, cuda.to_gpu):
        xs = [chainer.Variable(to_device(x)) for x in x_data]
        ys = _as_tuple(func(*xs))
        for y in ys:
            y.grad = cuda.get_array_module(y.data).ones_like(y.data)
        ys[0].backward()
        results.append([cuda.to_cpu(y.data) for y in ys] +
                       [None if x.grad is None else cuda.to_cpu(x.grad) for x in xs])
    for on_host, on_gpu in zip(*results):
        assert (on_host is None) == (on_gpu is None)
        if on_host is not None:
            testing.assert_allclose(on_gpu, on_host, atol=atol, rtol=rtol)


@pytest.fixture
def compare_with_gpu():
    """``compare_with_gpu(func, x_data)``: GPU outputs and gradients equal the host's."""
    return _compare_with_gpu
