import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def _reference(x, axis):
    return numpy.log(numpy.exp(x).sum(axis=axis))


@pytest.mark.parametrize('axis', [None, 0, 1, -1, (0, 2)])
def test_logsumexp(rng, dtype, check_forward, check_backward, axis):
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(dtype)
    y = F.logsumexp(x, axis=axis)
    expected = _reference(x.astype(numpy.float64), axis)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.logsumexp(x, axis=axis), x, gy, dtype)


def test_logsumexp_stable_for_large_inputs():
    x = chainer.Variable(numpy.array([[1000, 1000], [-1000, -1001]], numpy.float32))
    y = F.logsumexp(x, axis=1)
    numpy.testing.assert_allclose(
        y.data, [1000 + numpy.log(2), -1000 + numpy.log1p(numpy.exp(-1))], rtol=1e-6)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert numpy.isfinite(x.grad).all()
    numpy.testing.assert_allclose(x.grad.sum(axis=1), [1, 1], rtol=1e-6)


def test_logsumexp_of_minus_infinity():
    with numpy.errstate(divide='ignore'):  # log(0) = -inf is the right answer
        y = F.logsumexp(numpy.full((2,), -numpy.inf, numpy.float32))
    assert y.data == -numpy.inf


@pytest.mark.parametrize('x,axis', [
    (numpy.ones((3, 2), numpy.int32), None), (numpy.ones((3, 2), numpy.float32), 2)])
def test_logsumexp_invalid(x, axis):
    with pytest.raises(type_check.InvalidType):
        F.logsumexp(x, axis=axis)
