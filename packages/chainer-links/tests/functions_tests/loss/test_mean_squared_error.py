import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


@pytest.mark.parametrize('shape', [(4, 3), (5,), (2, 1, 3)])
def test_forward(dtype, fwd_tol, shape):
    rng = numpy.random.RandomState(0)
    x0 = rng.uniform(-1, 1, shape).astype(dtype)
    x1 = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.mean_squared_error(x0, x1)
    assert y.data.shape == () and y.data.dtype == dtype
    d = x0.astype(numpy.float64) - x1
    testing.assert_allclose(y.data, numpy.mean(d * d), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    x0 = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    x1 = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    gradient_check.check_backward(F.mean_squared_error, (x0, x1),
                                  numpy.array(1.3, dtype), **grad_tol)


@pytest.mark.parametrize('a,b', [
    (numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 3), numpy.float32)),
    (numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 2), numpy.float64)),
    (numpy.zeros((3, 2), numpy.int32), numpy.zeros((3, 2), numpy.int32)),
])
def test_bad_types(a, b):
    with pytest.raises(type_check.InvalidType):
        F.mean_squared_error(a, b)
