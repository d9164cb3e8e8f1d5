import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [None, 0, 1, -1])
def test_argmax_forward(rng, dtype, axis):
    x = rng.permutation(12).reshape(3, 4).astype(dtype)
    y = F.argmax(x, axis=axis)
    assert y.data.dtype == numpy.int32
    numpy.testing.assert_array_equal(y.data, numpy.argmax(x, axis=axis))


def test_argmax_is_not_differentiable(rng):
    x = chainer.Variable(rng.uniform(-1, 1, (3, 4)).astype(numpy.float32))
    y = F.argmax(x, axis=1)
    assert y.creator is not None
    y.grad = numpy.ones(3, numpy.int32)
    y.backward()
    assert x.grad is None


@pytest.mark.parametrize('x,axis', [
    (numpy.zeros((2, 3), numpy.int32), None), (numpy.zeros((2, 3), numpy.float32), 2),
    (numpy.zeros((2, 3), numpy.float32), -3)])
def test_argmax_invalid(x, axis):
    with pytest.raises(type_check.InvalidType):
        F.argmax(x, axis=axis)


def test_argmax_axis_type():
    with pytest.raises(TypeError, match='axis'):
        F.argmax(numpy.zeros((2, 3), numpy.float32), axis=(0, 1))
