import numpy
import pytest

import chainer
from chainer import testing
import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


def _reference(x, t, normalize=True, class_weight=None, ignore_label=-1):
    x = x.astype(numpy.float64)
    xm = numpy.moveaxis(x, 1, -1).reshape(-1, x.shape[1])
    tf = t.reshape(-1)
    total = 0.0
    count = 0
    for row, label in zip(xm, tf):
        if label == ignore_label:
            continue
        logp = row - numpy.log(numpy.exp(row - row.max()).sum()) - row.max()
        w = 1.0 if class_weight is None else class_weight[label]
        total -= w * logp[label]
        count += 1
    denom = max(count, 1) if normalize else x.shape[0]
    return total / denom


@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 2), (2, 4, 2, 3)])
@pytest.mark.parametrize('normalize', [True, False])
@pytest.mark.parametrize('weighted', [False, True])
def test_forward(dtype, fwd_tol, shape, normalize, weighted):
    rng = numpy.random.RandomState(0)
    x = rng.uniform(-2, 2, shape).astype(dtype)
    t = rng.randint(0, shape[1], (shape[0],) + shape[2:]).astype(numpy.int32)
    t.reshape(-1)[0] = -1
    w = rng.uniform(0.5, 2, shape[1]).astype(dtype) if weighted else None
    y = F.softmax_cross_entropy(x, t, normalize=normalize, class_weight=w)
    assert y.data.shape == () and y.data.dtype == dtype
    testing.assert_allclose(y.data, _reference(x, t, normalize, w), **fwd_tol)


def test_forward_is_stable_for_large_scores():
    x = numpy.array([[1000.0, 0.0, -1000.0]], dtype=numpy.float32)
    t = numpy.array([1], dtype=numpy.int32)
    y = F.softmax_cross_entropy(x, t)
    testing.assert_allclose(y.data, numpy.float32(1000.0))


def test_all_ignored_gives_zero():
    x = numpy.ones((2, 3), dtype=numpy.float32)
    t = numpy.full((2,), -1, dtype=numpy.int32)
    y = F.softmax_cross_entropy(x, t)
    assert float(y.data) == 0.0


def test_custom_ignore_label():
    x = numpy.random.RandomState(1).randn(3, 4).astype(numpy.float64)
    t = numpy.array([0, 2, 2], dtype=numpy.int32)
    y = F.softmax_cross_entropy(x, t, ignore_label=2)
    testing.assert_allclose(y.data, _reference(x, t, ignore_label=2))


@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 2)])
@pytest.mark.parametrize('cache_score', [True, False])
@pytest.mark.parametrize('weighted', [False, True])
def test_backward(dtype, grad_tol, shape, cache_score, weighted):
    rng = numpy.random.RandomState(2)
    x = rng.uniform(-1, 1, shape).astype(dtype)
    t = rng.randint(0, shape[1], (shape[0],) + shape[2:]).astype(numpy.int32)
    t.reshape(-1)[-1] = -1
    w = rng.uniform(0.5, 2, shape[1]).astype(dtype) if weighted else None
    gy = rng.uniform(-1, 1, ()).astype(dtype)

    def f(x):
        return F.softmax_cross_entropy(x, t, cache_score=cache_score, class_weight=w)
    gradient_check.check_backward(f, x, gy, **grad_tol)


def test_label_gets_no_gradient():
    x = chainer.Variable(numpy.zeros((2, 3), numpy.float32))
    t = chainer.Variable(numpy.array([0, 1], numpy.int32))
    F.softmax_cross_entropy(x, t).backward()
    assert x.grad is not None and t.grad is None


@pytest.mark.parametrize('x_shape,t_shape,t_dtype', [
    ((3, 4), (3,), numpy.float32),
    ((3, 4), (2,), numpy.int32),
    ((3,), (3,), numpy.int32),
    ((3, 4, 2), (3, 3), numpy.int32),
])
def test_bad_types(x_shape, t_shape, t_dtype):
    x = numpy.zeros(x_shape, numpy.float32)
    t = numpy.zeros(t_shape, t_dtype)
    with pytest.raises(type_check.InvalidType):
        F.softmax_cross_entropy(x, t)


def test_bad_class_weight_length():
    x = numpy.zeros((3, 4), numpy.float32)
    t = numpy.zeros((3,), numpy.int32)
    with pytest.raises(type_check.InvalidType):
        F.softmax_cross_entropy(x, t, class_weight=numpy.ones(3, numpy.float32))


def test_integer_x_rejected():
    with pytest.raises(type_check.InvalidType):
        F.softmax_cross_entropy(numpy.zeros((3, 4), numpy.int32),
                                numpy.zeros((3,), numpy.int32))


@pytest.mark.parametrize('bad', [4, 9])
def test_label_out_of_range(bad):
    x = numpy.zeros((3, 4), numpy.float32)
    t = numpy.array([0, bad, 1], numpy.int32)
    with pytest.raises(ValueError, match='t: every label must be in \\[0, 4\\)'):
        F.softmax_cross_entropy(x, t)


@pytest.mark.parametrize('cache_score', [True, False])
def test_second_backward_gives_the_same_gradient(cache_score):
    # The host path caches exp(x - max) and its sum: backward must not consume them.
    x = chainer.Variable(numpy.random.RandomState(3).randn(4, 5).astype(numpy.float32))
    t = numpy.array([0, 4, -1, 2], numpy.int32)
    loss = F.softmax_cross_entropy(x, t, cache_score=cache_score)
    loss.backward()
    first = x.grad.copy()
    x.cleargrad()
    loss.backward()
    testing.assert_allclose(x.grad, first, atol=0, rtol=0)


@pytest.mark.parametrize('normalize', [True, False])
def test_gradient_equals_softmax_minus_onehot(normalize):
    rng = numpy.random.RandomState(4)
    x = chainer.Variable(rng.randn(5, 3, 2))
    t = rng.randint(0, 3, (5, 2)).astype(numpy.int32)
    t[1, 0] = t[3, 1] = -1
    w = rng.uniform(0.5, 2, 3)
    loss = F.softmax_cross_entropy(x, t, normalize=normalize, class_weight=w)
    loss.grad = numpy.array(2.0)
    loss.backward()
    e = numpy.exp(x.data - x.data.max(axis=1, keepdims=True))
    expected = e / e.sum(axis=1, keepdims=True)
    n, u = numpy.nonzero(t >= 0)
    expected[n, t[n, u], u] -= 1
    valid = (t >= 0)[:, None]
    scale = 2.0 * w[numpy.where(t >= 0, t, 0)][:, None] * valid
    expected *= scale / (valid.sum() if normalize else 5)
    testing.assert_allclose(x.grad, expected, atol=1e-12, rtol=1e-10)


def test_ignored_label_outside_the_class_range_is_allowed():
    x = numpy.zeros((2, 3), numpy.float32)
    y = F.softmax_cross_entropy(x, numpy.array([-7, 1], numpy.int32), ignore_label=-7)
    testing.assert_allclose(y.data, numpy.log(3.0), atol=1e-6, rtol=1e-6)


@pytest.mark.parametrize('labels', [[0, 1, 2, 1], [0, 2, 2, 0]])
def test_ignore_label_inside_the_class_range(labels):
    # ignore_label=1 is also a class: the host path must still find the ignored rows.
    rng = numpy.random.RandomState(5)
    x = chainer.Variable(rng.randn(4, 3))
    t = numpy.array(labels, numpy.int32)
    loss = F.softmax_cross_entropy(x, t, ignore_label=1)
    testing.assert_allclose(loss.data, _reference(x.data, t, ignore_label=1))
    loss.backward()
    e = numpy.exp(x.data - x.data.max(axis=1, keepdims=True))
    expected = e / e.sum(axis=1, keepdims=True)
    expected[numpy.arange(4), t] -= 1
    valid = t != 1
    expected *= valid[:, None] / valid.sum()
    testing.assert_allclose(x.grad, expected, atol=1e-12, rtol=1e-10)


@pytest.mark.parametrize('cache_score', [True, False])
def test_node_keeps_the_softmax_as_y_only_with_cache_score_as_in_v1(cache_score):
    x = numpy.array([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], numpy.float32)
    t = numpy.array([2, 0], numpy.int32)
    loss = F.softmax_cross_entropy(x, t, cache_score=cache_score)
    assert hasattr(loss.creator, 'y') == cache_score
    if cache_score:
        e = numpy.exp(x - x.max(axis=1, keepdims=True))
        testing.assert_allclose(loss.creator.y, e / e.sum(axis=1, keepdims=True))


@pytest.mark.parametrize('class_weight', [
    numpy.array([[0, 0]], numpy.float32), numpy.array([0, 0], numpy.int32),
    chainer.Variable(numpy.array([0, 0], numpy.float32))])
def test_bad_class_weight_is_a_value_error_as_in_v1(class_weight):
    with pytest.raises(ValueError, match='class_weight'):
        F.softmax_cross_entropy(numpy.zeros((2, 2), numpy.float32),
                                numpy.array([0, 1], numpy.int32), class_weight=class_weight)


@pytest.mark.parametrize('shape', [(4, 3), (2, 3, 2)])
@pytest.mark.parametrize('weighted', [False, True])
def test_reduce_no_gives_the_loss_of_every_label_as_in_v1_24(shape, weighted):
    rng = numpy.random.RandomState(8)
    x = rng.uniform(-2, 2, shape)
    t_shape = shape[:1] + shape[2:]
    t = rng.randint(0, 3, t_shape).astype(numpy.int32)
    t.ravel()[0] = -1
    w = rng.uniform(0.5, 2, 3) if weighted else None
    log_y = x - numpy.log(numpy.exp(x).sum(axis=1, keepdims=True))
    if weighted:
        log_y = log_y * w.reshape((1, 3) + (1,) * (len(shape) - 2))
    picked = numpy.take_along_axis(log_y, numpy.expand_dims(numpy.maximum(t, 0), 1), 1)
    expected = -picked.squeeze(1) * (t != -1)
    loss = F.softmax_cross_entropy(x, t, class_weight=w, reduce='no')
    testing.assert_allclose(loss.data, expected)
    testing.assert_allclose(F.softmax_cross_entropy(x, t, class_weight=w).data,
                            expected.sum() / (t != -1).sum())
    gradient_check.check_backward(
        lambda x: F.softmax_cross_entropy(x, t, class_weight=w, reduce='no'), x,
        rng.randn(*t_shape), atol=1e-5, rtol=1e-5)
    with pytest.raises(ValueError, match='reduce'):
        F.softmax_cross_entropy(x, t, reduce='sum')
