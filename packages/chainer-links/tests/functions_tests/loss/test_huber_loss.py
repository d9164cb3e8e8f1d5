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
    return numpy.where(numpy.abs(a) <= delta, quad, lin)


@pytest.mark.parametrize('delta', [0.5, 1.0, 3.0])
def test_forward(dtype, fwd_tol, delta):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    t = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    y = F.huber_loss(x, t, delta)
    # summed along the second axis: one loss per sample, as Chainer v1 computes it
    assert y.data.shape == (4,) and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, delta).sum(axis=1), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    t = rng.uniform(-3, 3, (4, 3)).astype(dtype)
    # keep |x - t| away from delta, where the second derivative jumps
    a = x - t
    x[numpy.abs(numpy.abs(a) - 1.0) < 0.1] += dtype(0.3)
    gradient_check.check_backward(lambda x, t: F.huber_loss(x, t, 1.0), (x, t),
                                  rng.uniform(-1, 1, 4).astype(dtype), **grad_tol)


def test_bad_shape():
    with pytest.raises(type_check.InvalidType):
        F.huber_loss(numpy.zeros((3, 2), numpy.float32),
                     numpy.zeros((2, 3), numpy.float32), 1.0)
    with pytest.raises(type_check.InvalidType):  # no second axis to sum along
        F.huber_loss(numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.float32), 1.0)


def test_bad_delta():
    with pytest.raises(ValueError, match='delta'):
        F.huber_loss(numpy.zeros((3, 1), numpy.float32),
                     numpy.zeros((3, 1), numpy.float32), 0)


def test_huber_loss_is_summed_along_the_second_axis_as_in_v1():
    x = numpy.array([[0.5, 3.0], [0.0, -1.0]], numpy.float32)
    y = F.huber_loss(x, numpy.zeros_like(x), 1.0)
    testing.assert_allclose(y.data, [0.125 + 2.5, 0.5])


def test_reduce_no_gives_the_loss_of_every_element_as_in_v1_24(dtype, grad_tol):
    rng = numpy.random.RandomState(3)
    x = rng.uniform(-3, 3, (4, 3, 2)).astype(dtype)
    t = rng.uniform(-3, 3, (4, 3, 2)).astype(dtype)
    x[numpy.abs(numpy.abs(x - t) - 1.0) < 0.1] += dtype(0.3)
    y = F.huber_loss(x, t, 1.0, reduce='no')
    testing.assert_allclose(y.data, _reference(x, t, 1.0), atol=1e-2, rtol=1e-2)
    testing.assert_allclose(F.huber_loss(x, t, 1.0).data, y.data.sum(axis=1),
                            atol=1e-2, rtol=1e-2)
    gradient_check.check_backward(lambda x, t: F.huber_loss(x, t, 1.0, reduce='no'),
                                  (x, t), rng.uniform(-1, 1, x.shape).astype(dtype),
                                  **grad_tol)
    with pytest.raises(ValueError, match='reduce'):
        F.huber_loss(x, t, 1.0, reduce='mean')
