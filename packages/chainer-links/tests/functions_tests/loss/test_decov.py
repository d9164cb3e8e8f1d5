import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _loop_covariance(h):
    """The off-diagonal covariance of the columns of ``h``, by explicit sums."""
    n, m = h.shape
    mean = [sum(h[k, i] for k in range(n)) / n for i in range(m)]
    cov = numpy.zeros((m, m))
    for i in range(m):
        for j in range(m):
            if i != j:
                cov[i, j] = sum((h[k, i] - mean[i]) * (h[k, j] - mean[j])
                                for k in range(n)) / n
    return cov


@pytest.mark.parametrize('reduce', ['half_squared_sum', 'no'])
def test_decov(rng, dtype, fwd_tol, grad_tol, check_backward, reduce):
    h = rng.uniform(-1, 1, (4, 3)).astype(dtype)
    y = F.decov(h, reduce=reduce)
    cov = _loop_covariance(h.astype(numpy.float64))
    expected = cov if reduce == 'no' else 0.5 * (cov ** 2).sum()
    assert y.data.dtype == dtype and y.shape == numpy.shape(expected)
    testing.assert_allclose(y.data, expected, **fwd_tol)
    gy = rng.uniform(-1, 1, numpy.shape(expected)).astype(dtype)
    check_backward(lambda x: F.decov(x, reduce), h, gy, **grad_tol)


def test_decov_reduces_to_half_the_squared_sum_by_default():
    h = numpy.random.uniform(-1, 1, (5, 2)).astype(numpy.float32)
    assert F.decov(h).shape == ()
    assert F.DeCov().reduce == 'half_squared_sum'


def test_decov_rejects_an_unknown_reduce():
    with pytest.raises(ValueError):
        F.decov(numpy.zeros((2, 2), numpy.float32), reduce='mean')


@pytest.mark.parametrize('h', [numpy.zeros((2, 2, 2), numpy.float32),
                               numpy.zeros((2, 2), numpy.int32)])
def test_decov_rejects_non_float_matrices(h):
    with pytest.raises(type_check.InvalidType):
        F.decov(h)
