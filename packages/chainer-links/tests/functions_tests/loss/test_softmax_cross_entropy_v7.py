"""softmax_cross_entropy's Chainer v7 arguments: soft targets, enable_double_backprop,
and its second derivative."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


def _log_softmax(x):
    m = x.max(axis=1, keepdims=True)
    return x - m - numpy.log(numpy.exp(x - m).sum(axis=1, keepdims=True))


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2)])
@pytest.mark.parametrize('loss', ['cross-entropy', 'kl-divergence'])
@pytest.mark.parametrize('reduce', ['mean', 'no'])
def test_soft_target_forward_and_grads(shape, loss, reduce):
    rng = numpy.random.RandomState(0)
    x = rng.randn(*shape)
    t = rng.rand(*shape)
    t /= t.sum(axis=1, keepdims=True)
    y = F.softmax_cross_entropy(x, t, reduce=reduce, soft_target_loss=loss)
    per = -(t * _log_softmax(x)).sum(axis=1)
    if loss == 'kl-divergence':
        per += (t * numpy.log(t + 1e-7)).sum(axis=1)
    expect = per.mean() if reduce == 'mean' else per
    numpy.testing.assert_allclose(y.data, expect, rtol=1e-10)
    def f(x):
        return F.softmax_cross_entropy(x, t, reduce=reduce, soft_target_loss=loss)

    gy = numpy.asarray(rng.randn(*y.shape))
    gradient_check.check_backward(f, x, gy)
    gradient_check.check_double_backward(f, x, gy, rng.randn(*shape))


@pytest.mark.parametrize('reduce', ['mean', 'no'])
@pytest.mark.parametrize('weighted', [False, True])
@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_hard_labels_twice(reduce, weighted, dtype):
    rng = numpy.random.RandomState(1)
    x = rng.randn(4, 3, 2).astype(dtype)
    t = numpy.array([[0, 2], [1, -1], [2, 2], [0, 1]], numpy.int32)
    w = numpy.array([1.0, 0.5, 2.0], dtype) if weighted else None
    def f(x):
        return F.softmax_cross_entropy(
            x, t, class_weight=w, reduce=reduce, enable_double_backprop=True)

    y = f(x)
    gy = numpy.asarray(rng.uniform(-1, 1, y.shape)).astype(dtype)
    tol = dict(atol=1e-5, rtol=1e-5)
    if dtype == numpy.float16:
        tol = dict(dtype=numpy.float64, atol=5e-2, rtol=5e-2)
    elif dtype == numpy.float32:
        tol = dict(atol=1e-3, rtol=1e-3)
    gradient_check.check_double_backward(f, x, gy, rng.randn(*x.shape).astype(dtype),
                                         **tol)


def test_second_derivative_closed_form():
    # d2/dx2 of -log softmax(x)[t] is diag(p) - p p^T, whatever t is.
    x = chainer.Variable(numpy.array([[0.2, -0.4, 1.0]]))
    loss = F.softmax_cross_entropy(x, numpy.array([1], numpy.int32))
    gx, = chainer.grad([loss], [x], enable_double_backprop=True)
    p = numpy.exp(_log_softmax(x.data))[0]
    hessian = numpy.diag(p) - numpy.outer(p, p)
    for i in range(3):
        row, = chainer.grad([gx[0, i]], [x])
        numpy.testing.assert_allclose(row.data[0], hessian[i], rtol=1e-10, atol=1e-12)


def test_soft_target_shape_mismatch_and_bad_option():
    x = numpy.zeros((2, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.softmax_cross_entropy(x, numpy.zeros((2, 4), numpy.float32))
    with pytest.raises(ValueError):
        F.softmax_cross_entropy(x, numpy.zeros((2, 3), numpy.float32),
                                soft_target_loss='hinge')


def test_enable_double_backprop_same_value():
    x = numpy.random.RandomState(2).randn(3, 4).astype(numpy.float32)
    t = numpy.array([0, 3, 1], numpy.int32)
    a = F.softmax_cross_entropy(x, t).data
    b = F.softmax_cross_entropy(x, t, enable_double_backprop=True).data
    numpy.testing.assert_array_equal(a, b)
