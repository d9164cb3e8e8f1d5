"""Shared fixtures of the utility function tests."""
import zlib

import numpy
import pytest

from chainer import gradient_check

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
