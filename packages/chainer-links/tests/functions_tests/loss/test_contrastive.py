import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(x0, x1, y, margin):
    total = 0.0
    for a, b, label in zip(x0.astype(numpy.float64), x1, y):
        d = numpy.sqrt(((a - b) ** 2).sum())
        total += d * d if label == 1 else max(margin - d, 0.0) ** 2
    return numpy.float64(total / (2 * len(y)))


@pytest.mark.parametrize('margin', [1, 2.5])
def test_forward(dtype, fwd_tol, margin):
    rng = numpy.random.RandomState(0)
    x0 = rng.uniform(-1, 1, (5, 3)).astype(dtype)
    x1 = rng.uniform(-1, 1, (5, 3)).astype(dtype)
    y = numpy.array([0, 1, 0, 1, 0], numpy.int32)
    loss = F.contrastive(x0, x1, y, margin)
    assert loss.data.shape == () and loss.data.dtype == dtype
    testing.assert_allclose(loss.data, _reference(x0, x1, y, margin), **fwd_tol)


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    x0 = rng.uniform(-1, 1, (4, 3)).astype(dtype)
    x1 = rng.uniform(-1, 1, (4, 3)).astype(dtype)
    y = numpy.array([0, 1, 0, 1], numpy.int32)
    gradient_check.check_backward(lambda a, b: F.contrastive(a, b, y, 2.0), (x0, x1),
                                  numpy.array(1.0, dtype), **grad_tol)


def test_identical_dissimilar_pair_has_zero_gradient():
    import chainer
    x0 = chainer.Variable(numpy.ones((1, 2), numpy.float32))
    x1 = chainer.Variable(numpy.ones((1, 2), numpy.float32))
    F.contrastive(x0, x1, numpy.array([0], numpy.int32)).backward()
    assert numpy.isfinite(x0.grad).all() and not x0.grad.any()


@pytest.mark.parametrize('x1_shape,y_shape,y_dtype', [
    ((3, 2), (3,), numpy.float32),
    ((3, 3), (3,), numpy.int32),
    ((3, 2), (2,), numpy.int32),
])
def test_bad_types(x1_shape, y_shape, y_dtype):
    with pytest.raises(type_check.InvalidType):
        F.contrastive(numpy.zeros((3, 2), numpy.float32),
                      numpy.zeros(x1_shape, numpy.float32), numpy.zeros(y_shape, y_dtype))


def test_bad_label_and_margin():
    x = numpy.zeros((2, 2), numpy.float32)
    with pytest.raises(ValueError, match='margin'):
        F.contrastive(x, x, numpy.array([0, 1], numpy.int32), margin=0)


def test_reduce_no_gives_the_loss_of_every_pair_as_in_v1_24():
    rng = numpy.random.RandomState(4)
    x0, x1 = rng.uniform(-1, 1, (2, 5, 3))
    y = numpy.array([1, 0, 1, 0, 0], numpy.int32)
    d = numpy.linalg.norm(x0 - x1, axis=1)
    expected = 0.5 * (y * d ** 2 + (1 - y) * numpy.maximum(1.5 - d, 0) ** 2)
    loss = F.contrastive(x0, x1, y, 1.5, reduce='no')
    testing.assert_allclose(loss.data, expected)
    testing.assert_allclose(F.contrastive(x0, x1, y, 1.5).data, expected.mean())
    gradient_check.check_backward(lambda a, b: F.contrastive(a, b, y, 1.5, reduce='no'),
                                  (x0, x1), rng.randn(5), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.contrastive(x0, x1, y, reduce='sum')
