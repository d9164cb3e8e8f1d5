import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(x, t, delta):
    a = x.astype(numpy.float64) - t
    quad = 0.5 * a * a
    lin = delta * (numpy.abs(a) - 0.5 * delta)
    return numpy.where(numpy.abs(a) <= delta, quad, lin).sum()


@pytest.mark.parametrize('delta', [0.5, 1.0, 3.0])
def test_forward(dtype, fwd_tol, delta):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    t = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    y = F.huber_loss(x, t, delta)
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, delta), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    t = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    # keep |x - t| away from delta, where the second derivative jumps
    a = x - t
    x[numpy.abs(numpy.abs(a) - 1.0) < 0.1] += dtype(0.3)
    gradient_check.check_backward(lambda x, t: F.huber_loss(x, t, 1.0), (x, t),
                                  numpy.array(0.9, dtype), **grad_tol)


def test_bad_shape():
    with pytest.raises(type_check.InvalidType):
        F.huber_loss(numpy.zeros((3, 2), numpy.float32),
                     numpy.zeros((2, 3), numpy.float32), 1.0)


def test_bad_delta():
    with pytest.raises(ValueError, match='delta'):
        F.huber_loss(numpy.zeros((3,), numpy.float32),
                     numpy.zeros((3,), numpy.float32), 0)
