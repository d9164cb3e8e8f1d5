import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check

DTYPES = [numpy.float16, numpy.float32, numpy.float64]


def _reference(x, n, k, alpha, beta):
    """The documented formula, channel by channel: x / (k + alpha * sum of x^2 over n
    neighbouring channels) ** beta."""
    x = x.astype(numpy.float64)
    channels = x.shape[1]
    y = numpy.empty_like(x)
    for i in range(channels):
        lo, hi = max(0, i - n // 2), min(channels, i + n // 2 + 1)
        y[:, i] = x[:, i] / (k + alpha * (x[:, lo:hi] ** 2).sum(axis=1)) ** beta
    return y


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(2, 7, 2, 3), (3, 4)])
@pytest.mark.parametrize('n,k,alpha,beta', [(5, 2, 1e-4, 0.75), (3, 1, 0.5, 0.6),
                                            (4, 1.5, 0.3, 1.0)])
def test_forward(dtype, shape, n, k, alpha, beta):
    x = numpy.random.uniform(-2, 2, shape).astype(dtype)
    y = F.local_response_normalization(x, n=n, k=k, alpha=alpha, beta=beta)
    assert y.data.dtype == dtype
    tol = dict(atol=5e-3, rtol=5e-3) if dtype == numpy.float16 else {}
    testing.assert_allclose(y.data, _reference(x, n, k, alpha, beta), **tol)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('n', [3, 4])
def test_backward(dtype, n, check_backward):
    x = numpy.random.uniform(-1, 1, (2, 5, 2)).astype(dtype)
    gy = numpy.random.randn(2, 5, 2).astype(dtype)
    # A large alpha makes the cross-channel terms of the gradient matter.
    check_backward(lambda v: F.local_response_normalization(v, n, 1, 0.5, 0.75), x, gy)


def test_one_dimensional_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.local_response_normalization(numpy.zeros(3, numpy.float32))


def test_integer_input_is_rejected():
    with pytest.raises(type_check.InvalidType):
        F.local_response_normalization(numpy.zeros((2, 3), numpy.int32))


@pytest.mark.parametrize('n', [0, -1, 2.5])
def test_bad_window_is_rejected(n):
    with pytest.raises(ValueError, match='n'):
        F.local_response_normalization(numpy.zeros((2, 3), numpy.float32), n=n)
