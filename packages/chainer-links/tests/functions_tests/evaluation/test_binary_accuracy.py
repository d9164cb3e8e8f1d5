import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@pytest.mark.parametrize('shape', [(6,), (4, 3)])
def test_forward(dtype, shape):
    rng = numpy.random.RandomState(0)
    y = rng.uniform(-1, 1, shape).astype(dtype)
    t = rng.randint(-1, 2, shape).astype(numpy.int32)
    acc = F.binary_accuracy(y, t)
    assert acc.data.shape == () and acc.data.dtype == dtype
    hits = [int((s >= 0) == label) for s, label in zip(y.ravel(), t.ravel())
            if label != -1]
    testing.assert_allclose(acc.data, numpy.float64(sum(hits) / len(hits)),
                            atol=1e-3, rtol=1e-3)


def test_all_ignored_is_zero():
    acc = F.binary_accuracy(numpy.ones(3, numpy.float32), numpy.full(3, -1, numpy.int32))
    assert float(acc.data) == 0.0


def test_not_differentiable():
    y = chainer.Variable(numpy.array([1.0, -1.0], numpy.float32))
    acc = F.binary_accuracy(y, numpy.array([1, 1], numpy.int32))
    assert float(acc.data) == 0.5
    acc.grad = numpy.ones((), numpy.float32)
    acc.backward()
    assert y.grad is None


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.binary_accuracy(numpy.zeros(3, numpy.float32), numpy.zeros(4, numpy.int32))
    with pytest.raises(type_check.InvalidType):
        F.binary_accuracy(numpy.zeros(3, numpy.float32), numpy.zeros(3, numpy.float32))


