import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _reference(y, t, ignore_label):
    y2 = numpy.moveaxis(y, 1, -1).reshape(-1, y.shape[1])
    t1 = t.ravel()
    hits = [int(numpy.argmax(row) == label)
            for row, label in zip(y2, t1) if label != ignore_label]
    return numpy.float64(sum(hits) / len(hits)) if hits else numpy.float64(0)


@pytest.mark.parametrize('shape', [(6, 3), (3, 4, 2), (2, 3, 2, 2)])
@pytest.mark.parametrize('ignore_label', [None, -1, 2])
def test_forward(dtype, shape, ignore_label):
    rng = numpy.random.RandomState(0)
    y = rng.uniform(-1, 1, shape).astype(dtype)
    t = rng.randint(0, shape[1], (shape[0],) + shape[2:]).astype(numpy.int32)
    if ignore_label == -1:
        t.ravel()[::2] = -1
    acc = F.accuracy(y, t, ignore_label=ignore_label)
    assert acc.data.shape == () and acc.data.dtype == dtype
    testing.assert_allclose(acc.data, _reference(y, t, ignore_label), atol=1e-3,
                            rtol=1e-3)


def test_all_ignored_is_zero():
    y = numpy.zeros((2, 3), numpy.float32)
    acc = F.accuracy(y, numpy.full(2, -1, numpy.int32), ignore_label=-1)
    assert float(acc.data) == 0.0


def test_not_differentiable():
    y = chainer.Variable(numpy.random.RandomState(1).randn(4, 3).astype(numpy.float32))
    acc = F.accuracy(y, numpy.array([0, 1, 2, 0], numpy.int32))
    acc.grad = numpy.ones((), numpy.float32)
    acc.backward()
    assert y.grad is None


@pytest.mark.parametrize('y_shape,t_shape,t_dtype', [
    ((3, 4), (3,), numpy.float32),
    ((3, 4), (4,), numpy.int32),
    ((3, 4, 2), (3, 3), numpy.int32),
    ((3, 4), (3, 4), numpy.int32),
])
def test_bad_types(y_shape, t_shape, t_dtype):
    with pytest.raises(type_check.InvalidType):
        F.accuracy(numpy.zeros(y_shape, numpy.float32), numpy.zeros(t_shape, t_dtype))


@pytest.mark.parametrize('y_shape,t_shape', [((4, 3, 1), (4,)), ((4, 3, 1, 1), (4,)),
                                             ((4, 3, 2, 1), (4, 2))])
def test_scores_may_have_trailing_unit_axes_as_in_v1(y_shape, t_shape):
    rng = numpy.random.RandomState(1)
    y = rng.uniform(-1, 1, y_shape).astype(numpy.float32)
    t = rng.randint(0, 3, t_shape).astype(numpy.int32)
    squeezed = y.reshape(y_shape[:len(t_shape) + 1])
    assert F.accuracy(y, t).data == F.accuracy(squeezed, t).data
    assert F.accuracy(y, t, ignore_label=0).data == \
        F.accuracy(squeezed, t, ignore_label=0).data


def test_scores_with_trailing_axes_longer_than_one_are_rejected():
    with pytest.raises(type_check.InvalidType):
        F.accuracy(numpy.zeros((4, 3, 2), numpy.float32), numpy.zeros(4, numpy.int32))
