"""``F.mean_absolute_error`` and ``F.mean_squared_error``: one set of tests, each run
for both losses against its float64 reference on the difference ``d = x0 - x1``."""
import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _mean_absolute(d):
    return numpy.mean(numpy.abs(d))


def _mean_squared(d):
    return numpy.mean(d * d)


@pytest.fixture(params=[(F.mean_absolute_error, _mean_absolute),
                        (F.mean_squared_error, _mean_squared)],
                ids=['absolute', 'squared'])
def mean_error(request):
    """``(loss function, reference of the difference)`` for each of the two losses."""
    return request.param


@pytest.mark.parametrize('shape', [(4, 3), (5,), (2, 1, 3)])
def test_forward(dtype, fwd_tol, mean_error, shape):
    func, reference = mean_error
    rng = numpy.random.RandomState(0)
    x0 = rng.uniform(-1, 1, shape).astype(dtype)
    x1 = rng.uniform(-1, 1, shape).astype(dtype)
    y = func(x0, x1)
    assert y.data.shape == () and y.data.dtype == dtype
    d = x0.astype(numpy.float64) - x1
    testing.assert_allclose(y.data, reference(d), **fwd_tol)


def test_backward(dtype, grad_tol, mean_error):
    func, _ = mean_error
    rng = numpy.random.RandomState(1)
    x0 = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    x1 = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    gradient_check.check_backward(func, (x0, x1), numpy.array(1.3, dtype), **grad_tol)


@pytest.mark.parametrize('a,b', [
    (numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 3), numpy.float32)),
    (numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 2), numpy.float64)),
    (numpy.zeros((3, 2), numpy.int32), numpy.zeros((3, 2), numpy.int32)),
])
def test_bad_types(mean_error, a, b):
    func, _ = mean_error
    with pytest.raises(type_check.InvalidType):
        func(a, b)
