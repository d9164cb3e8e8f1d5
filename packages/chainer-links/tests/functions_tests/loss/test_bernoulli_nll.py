import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer import testing
from chainer.utils import type_check


def test_forward(dtype, fwd_tol):
    rng = numpy.random.RandomState(0)
    x = rng.randint(0, 2, (3, 4)).astype(dtype)
    y = rng.uniform(-3, 3, (3, 4)).astype(dtype)
    loss = F.bernoulli_nll(x, y)
    assert loss.data.shape == () and loss.data.dtype == dtype
    p = 1 / (1 + numpy.exp(-y.astype(numpy.float64)))
    expected = -(x * numpy.log(p) + (1 - x) * numpy.log(1 - p)).sum()
    testing.assert_allclose(loss.data, expected, **fwd_tol)


def test_stable_for_large_logits():
    x = numpy.array([1.0, 0.0], numpy.float32)
    y = numpy.array([-500.0, 500.0], numpy.float32)
    testing.assert_allclose(F.bernoulli_nll(x, y).data, numpy.float32(1000.0))


def test_backward(dtype, grad_tol):
    rng = numpy.random.RandomState(1)
    x = rng.uniform(0, 1, (3, 2)).astype(dtype)
    y = rng.uniform(-2, 2, (3, 2)).astype(dtype)
    gradient_check.check_backward(F.bernoulli_nll, (x, y), numpy.array(0.5, dtype), **grad_tol)


def test_bad_types():
    with pytest.raises(type_check.InvalidType):
        F.bernoulli_nll(numpy.zeros((3, 2), numpy.float32),
                        numpy.zeros((3,), numpy.float32))
