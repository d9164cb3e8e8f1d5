"""Fixtures specific to the loss-function tests: the numerical-gradient step by dtype
and the forward tolerances (the dtypes and backward tolerances are shared, in
``functions_tests/conftest.py``)."""
import numpy
import pytest

# Losses sum many terms: float64 takes a smaller step for a sharper numerical gradient.
_GRAD_EPS = {numpy.float16: 1e-3, numpy.float32: 1e-3, numpy.float64: 1e-4}
_FWD_TOL = {
    numpy.float16: dict(atol=5e-3, rtol=5e-3),
    numpy.float32: dict(atol=1e-5, rtol=1e-5),
    numpy.float64: dict(atol=1e-10, rtol=1e-10),
}


@pytest.fixture
def grad_tol(grad_tol, dtype):
    """Keyword arguments (tolerances, eps) for gradient_check.check_backward."""
    return dict(grad_tol, eps=_GRAD_EPS[dtype])


@pytest.fixture
def fwd_tol(dtype):
    """Keyword arguments for testing.assert_allclose of forward results at ``dtype``."""
    return dict(_FWD_TOL[dtype])
