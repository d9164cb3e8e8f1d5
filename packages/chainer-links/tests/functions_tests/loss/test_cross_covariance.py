import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(y, z):
    y = y.astype(numpy.float64)
    z = z.astype(numpy.float64)
    n = y.shape[0]
    total = 0.0
    for i in range(y.shape[1]):
        for j in range(z.shape[1]):
            c = ((y[:, i] - y[:, i].mean()) * (z[:, j] - z[:, j].mean())).sum() / n
            total += c * c
    return numpy.float64(total / 2)


def test_forward(dtype, fwd_tol):
    rng = numpy.random.RandomState(0)
    y = rng.uniform(-1, 1, (4, 3)).astype(dtype)
    z = rng.uniform(-1, 1, (4, 2)).astype(dtype)
    loss = F.cross_covariance(y, z)
    assert loss.data.shape == () and loss.data.dtype == dtype
    testing.assert_allclose(loss.data, _reference(y, z), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    y = rng.uniform(-1, 1, (4, 3)).astype(dtype)
    z = rng.uniform(-1, 1, (4, 2)).astype(dtype)
    gradient_check.check_backward(F.cross_covariance, (y, z),
                                  numpy.array(1.0, dtype), **grad_tol)


@pytest.mark.parametrize('y_shape,z_shape,z_dtype', [
    ((4, 3), (3, 2), numpy.float32),
    ((4, 3), (4, 2), numpy.float64),
    ((4,), (4,), numpy.float32),
])
def test_bad_types(y_shape, z_shape, z_dtype):
    with pytest.raises(type_check.InvalidType):
        F.cross_covariance(numpy.zeros(y_shape, numpy.float32),
                           numpy.zeros(z_shape, z_dtype))


def test_reduce_no_gives_the_cross_covariance_matrix_as_in_v1_24():
    rng = numpy.random.RandomState(6)
    y, z = rng.uniform(-1, 1, (4, 3)), rng.uniform(-1, 1, (4, 2))
    expected = (y - y.mean(0)).T.dot(z - z.mean(0)) / 4
    cov = F.cross_covariance(y, z, reduce='no')
    testing.assert_allclose(cov.data, expected)
    testing.assert_allclose(F.cross_covariance(y, z).data, 0.5 * (expected ** 2).sum())
    gradient_check.check_backward(lambda y, z: F.cross_covariance(y, z, reduce='no'),
                                  (y, z), rng.randn(3, 2), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.cross_covariance(y, z, reduce='mean')
