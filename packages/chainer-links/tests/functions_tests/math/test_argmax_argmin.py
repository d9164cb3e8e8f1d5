"""``F.argmax`` and ``F.argmin``: one set of tests, each run for both index reductions
against the matching numpy function."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.fixture(params=[(F.argmax, numpy.argmax), (F.argmin, numpy.argmin)],
                ids=['argmax', 'argmin'])
def index_reduction(request):
    """``(function, numpy reference)`` for each of argmax and argmin."""
    return request.param


@pytest.mark.parametrize('axis', [None, 0, 1, -1])
def test_forward(rng, dtype, index_reduction, axis):
    func, reference = index_reduction
    x = rng.permutation(12).reshape(3, 4).astype(dtype)
    y = func(x, axis=axis)
    assert y.data.dtype == numpy.int32
    numpy.testing.assert_array_equal(y.data, reference(x, axis=axis))


def test_is_not_differentiable(rng, index_reduction):
    func, _ = index_reduction
    x = chainer.Variable(rng.uniform(-1, 1, (3, 4)).astype(numpy.float32))
    y = func(x, axis=1)
    assert y.creator is not None
    y.grad = numpy.ones(3, numpy.int32)
    y.backward()
    assert x.grad is None


@pytest.mark.parametrize('x,axis', [
    (numpy.zeros((2, 3), numpy.int32), None), (numpy.zeros((2, 3), numpy.float32), 2),
    (numpy.zeros((2, 3), numpy.float32), -3)])
def test_invalid(index_reduction, x, axis):
    func, _ = index_reduction
    with pytest.raises(type_check.InvalidType):
        func(x, axis=axis)


def test_axis_type(index_reduction):
    func, _ = index_reduction
    with pytest.raises(TypeError, match='axis'):
        func(numpy.zeros((2, 3), numpy.float32), axis=(0, 1))
