"""Fixtures of the math-function tests: dtypes, a seeded RNG and a gradient checker
with per-dtype tolerances (CONTRIBUTING.md, "Tests")."""
import numpy
import pytest

from chainer import gradient_check

_TOLERANCES = {
    # float16 is checked against float64 numerical gradients, with loose tolerances.
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64),
    numpy.float32: dict(atol=1e-3, rtol=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5),
}


@pytest.fixture(params=[numpy.float16, numpy.float32, numpy.float64],
                ids=['float16', 'float32', 'float64'])
def dtype(request):
    return request.param


@pytest.fixture
def rng():
    return numpy.random.RandomState(0)


def _check_grad(func, x_data, y_grad, dtype, **kwargs):
    """``gradient_check.check_backward`` with the tolerances of ``dtype``."""
    options = dict(_TOLERANCES[numpy.dtype(dtype).type])
    options.update(kwargs)
    gradient_check.check_backward(func, x_data, y_grad, **options)


@pytest.fixture
def check_grad():
    return _check_grad
