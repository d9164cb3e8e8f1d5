"""Shared fixtures of the loss-function tests: the dtypes and their tolerances."""
import numpy
import pytest

# Tolerances of check_backward by dtype (CONTRIBUTING.md "Tests"); float16 functions
# are checked against float64 numerical gradients.
_GRAD_TOL = {
    numpy.float16: dict(atol=5e-2, rtol=5e-2, dtype=numpy.float64, eps=1e-3),
    numpy.float32: dict(atol=1e-3, rtol=1e-3, eps=1e-3),
    numpy.float64: dict(atol=1e-5, rtol=1e-5, eps=1e-4),
}
_FWD_TOL = {
    numpy.float16: dict(atol=5e-3, rtol=5e-3),
    numpy.float32: dict(atol=1e-5, rtol=1e-5),
    numpy.float64: dict(atol=1e-10, rtol=1e-10),
}


@pytest.fixture(params=[numpy.float16, numpy.float32, numpy.float64],
                ids=['f16', 'f32', 'f64'])
def dtype(request):
    return request.param


@pytest.fixture
def grad_tol(dtype):
    """Keyword arguments (tolerances, eps) for gradient_check.check_backward."""
    return dict(_GRAD_TOL[dtype])


@pytest.fixture
def fwd_tol(dtype):
    """Keyword arguments for testing.assert_allclose of forward results at ``dtype``."""
    return dict(_FWD_TOL[dtype])
