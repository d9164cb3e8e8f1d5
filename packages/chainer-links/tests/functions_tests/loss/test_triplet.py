import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(a, p, n, margin):
    a = a.astype(numpy.float64)
    d_ap = ((a - p) ** 2).sum(axis=1)
    d_an = ((a - n) ** 2).sum(axis=1)
    return numpy.maximum(d_ap - d_an + margin, 0).mean()


@pytest.mark.parametrize('margin', [0.2, 1.0])
def test_forward(dtype, fwd_tol, margin):
    rng = numpy.random.RandomState(0)
    a, p, n = (rng.uniform(-1, 1, (5, 3)).astype(dtype) for _ in range(3))
    y = F.triplet(a, p, n, margin)
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(a, p, n, margin), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(3)
    a, p, n = (rng.uniform(-1, 1, (4, 3)).astype(dtype) for _ in range(3))
    gradient_check.check_backward(lambda a, p, n: F.triplet(a, p, n, 0.5), (a, p, n),
                                  numpy.array(1.0, dtype), **grad_tol)


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.triplet(numpy.zeros((3, 2), numpy.float32), numpy.zeros((3, 2), numpy.float32),
                  numpy.zeros((2, 2), numpy.float32))
    with pytest.raises(type_check.InvalidType):
        F.triplet(*[numpy.zeros((3,), numpy.float32)] * 3)


def test_reduce_no_gives_the_loss_of_every_triplet_as_in_v1_24():
    rng = numpy.random.RandomState(5)
    a, p, n = rng.uniform(-1, 1, (3, 5, 3))
    expected = numpy.maximum(((a - p) ** 2).sum(1) - ((a - n) ** 2).sum(1) + 0.5, 0)
    loss = F.triplet(a, p, n, 0.5, reduce='no')
    testing.assert_allclose(loss.data, expected)
    testing.assert_allclose(F.triplet(a, p, n, 0.5).data, expected.mean())
    gradient_check.check_backward(lambda a, p, n: F.triplet(a, p, n, 0.5, reduce='no'),
                                  (a, p, n), rng.randn(5), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.triplet(a, p, n, reduce='sum')
