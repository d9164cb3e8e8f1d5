import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,axis', [((2, 3, 4), 0), ((2, 3, 4), 1), ((2, 3, 4), -1),
                                        ((1, 2), 0), ((3,), 0)])
def test_separate(rng, dtype, check_backward, shape, axis):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    ys = F.separate(x, axis)
    assert isinstance(ys, tuple) and len(ys) == shape[axis]
    for i, y in enumerate(ys):
        numpy.testing.assert_array_equal(y.data, numpy.take(x, i, axis=axis))
        assert y.data.dtype == dtype
    gys = tuple(rng.uniform(-1, 1, y.shape).astype(dtype) for y in ys)
    check_backward(lambda x: F.separate(x, axis), x, gys, dtype)


def test_separate_inverts_stack(rng):
    x = rng.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    numpy.testing.assert_array_equal(F.stack(F.separate(x, 1), 1).data, x)


def test_separate_partial_gradient(rng):
    x = chainer.Variable(rng.uniform(-1, 1, (3, 2)).astype(numpy.float32))
    ys = F.separate(x)
    ys[1].grad = numpy.ones(2, numpy.float32)
    ys[1].backward()
    numpy.testing.assert_array_equal(x.grad, [[0, 0], [1, 1], [0, 0]])


@pytest.mark.parametrize('shape,axis', [((2, 3), 2), ((2, 3), -3), ((), 0)])
def test_separate_invalid(shape, axis):
    with pytest.raises(type_check.InvalidType):
        F.separate(numpy.zeros(shape, numpy.float32), axis)
