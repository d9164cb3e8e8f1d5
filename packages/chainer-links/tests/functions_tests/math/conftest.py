"""Fixtures specific to the math-function tests: forward checks against a float64
reference and the elementwise-unary check (dtypes, ``rng`` and ``check_backward`` are
shared, in ``functions_tests/conftest.py``)."""
import numpy
import pytest

import chainer
from chainer.utils import type_check

#: forward tolerances against a float64 numpy reference
FORWARD_TOLERANCES = {
    numpy.float16: dict(atol=1e-3, rtol=1e-2),
    numpy.float32: dict(atol=1e-6, rtol=1e-5),
    numpy.float64: dict(atol=1e-12, rtol=1e-12),
}


def _check_forward(actual, expected, dtype):
    """Checks dtype, shape and values of ``actual`` against the float64 ``expected``."""
    assert actual.dtype == dtype, (actual.dtype, dtype)
    numpy.testing.assert_allclose(actual.astype(numpy.float64), expected,
                                  **FORWARD_TOLERANCES[numpy.dtype(dtype).type])


@pytest.fixture
def check_forward():
    return _check_forward


def _check_unary(func, cls, reference, low, high, dtype, rng, check_backward,
                 piecewise_constant=False):
    """Checks an elementwise unary function ``func`` (node class ``cls``): forward
    against ``reference`` (float64 numpy) on values drawn from ``(low, high)``,
    backward (a zero gradient for a piecewise constant function, as in Chainer v1),
    and the rejection of bad input."""
    x = rng.uniform(low, high, (3, 2)).astype(dtype)
    y = func(x)
    _check_forward(y.data, reference(x.astype(numpy.float64)), dtype)
    gy = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    if piecewise_constant:
        xv = chainer.Variable(x)
        yv = func(xv)
        yv.grad = gy
        yv.backward()
        assert xv.grad.dtype == dtype
        assert not xv.grad.any()
    else:
        check_backward(func, x, gy, dtype)
    with pytest.raises(type_check.InvalidType):
        func(numpy.ones((3, 2), numpy.int32))
    with pytest.raises(type_check.InvalidType):
        cls()(x, x)


@pytest.fixture
def check_unary(rng, check_backward):
    def check(func, cls, reference, low, high, dtype, piecewise_constant=False):
        _check_unary(func, cls, reference, low, high, dtype, rng, check_backward,
                     piecewise_constant)
    return check
