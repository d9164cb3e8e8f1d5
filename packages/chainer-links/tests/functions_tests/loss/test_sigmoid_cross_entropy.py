import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def _reference(x, t, normalize):
    x = x.astype(numpy.float64)
    p = 1 / (1 + numpy.exp(-x))
    valid = t != -1
    terms = -(t * numpy.log(p) + (1 - t) * numpy.log(1 - p))
    count = valid.sum() if normalize else x.shape[0]
    return (terms * valid).sum() / max(count, 1)


@pytest.mark.parametrize('shape', [(4, 3), (3,), (2, 2, 3)])
@pytest.mark.parametrize('normalize', [True, False])
def test_forward(dtype, fwd_tol, shape, normalize):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-3, 3, shape).astype(dtype)
    t = rng.randint(-1, 2, shape).astype(numpy.int32)
    y = F.sigmoid_cross_entropy(x, t, normalize=normalize)
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, normalize), **fwd_tol)


def test_stable_for_large_scores():
    x = numpy.array([[800.0, -800.0]], numpy.float32)
    t = numpy.array([[0, 1]], numpy.int32)
    y = F.sigmoid_cross_entropy(x, t)
    testing.assert_allclose(y.data, numpy.float32(800.0))


def test_all_ignored_is_zero():
    y = F.sigmoid_cross_entropy(numpy.ones((2, 2), numpy.float32),
                                numpy.full((2, 2), -1, numpy.int32))
    assert float(y.data) == 0.0


@pytest.mark.parametrize('normalize', [True, False])
def test_backward(dtype, grad_tol, normalize):
    rng = numpy.random.RandomState(1)
    x = rng.uniform(-2, 2, (3, 4)).astype(dtype)
    t = rng.randint(-1, 2, (3, 4)).astype(numpy.int32)
    gy = numpy.array(0.7, dtype)
    gradient_check.check_backward(
        lambda x: F.sigmoid_cross_entropy(x, t, normalize=normalize), x, gy, **grad_tol)


def test_label_has_no_gradient():
    x = chainer.Variable(numpy.zeros((2, 2), numpy.float32))
    t = chainer.Variable(numpy.zeros((2, 2), numpy.int32))
    F.sigmoid_cross_entropy(x, t).backward()
    assert t.grad is None


@pytest.mark.parametrize('x_shape,t_shape,t_dtype', [
    ((3, 4), (3, 4), numpy.float32),
    ((3, 4), (3,), numpy.int32),
])
def test_bad_types(x_shape, t_shape, t_dtype):
    with pytest.raises(type_check.InvalidType):
        F.sigmoid_cross_entropy(numpy.zeros(x_shape, numpy.float32),
                                numpy.zeros(t_shape, t_dtype))


def test_reduce_no_gives_the_unnormalized_loss_of_every_element_as_in_v1_24():
    rng = numpy.random.RandomState(7)
    x = rng.uniform(-3, 3, (4, 3))
    t = rng.randint(-1, 2, (4, 3)).astype(numpy.int32)
    expected = (numpy.log1p(numpy.exp(x)) - x * t) * (t != -1)
    loss = F.sigmoid_cross_entropy(x, t, reduce='no')
    testing.assert_allclose(loss.data, expected)
    testing.assert_allclose(F.sigmoid_cross_entropy(x, t).data,
                            expected.sum() / max((t != -1).sum(), 1))
    gradient_check.check_backward(lambda x: F.sigmoid_cross_entropy(x, t, reduce='no'),
                                  x, rng.randn(4, 3), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.sigmoid_cross_entropy(x, t, reduce='sum')
