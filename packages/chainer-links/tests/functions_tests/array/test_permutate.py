import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [0, 1, -1])
@pytest.mark.parametrize('inv', [False, True])
def test_permutate(rng, dtype, check_backward, axis, inv):
    x = rng.uniform(-1, 1, (3, 4, 3)).astype(dtype)
    n = x.shape[axis]
    indices = rng.permutation(n).astype(numpy.int32)
    y = F.permutate(x, indices, axis=axis, inv=inv)
    expected = numpy.empty_like(x)
    if inv:  # y[indices[i]] = x[i]
        numpy.moveaxis(expected, axis, 0)[indices] = numpy.moveaxis(x, axis, 0)
    else:    # y[i] = x[indices[i]]
        expected = numpy.take(x, indices, axis=axis)
    numpy.testing.assert_array_equal(y.data, expected)
    gy = rng.uniform(-1, 1, x.shape).astype(dtype)
    check_backward(lambda x, i: F.permutate(x, i, axis=axis, inv=inv), (x, indices), gy,
               dtype)


def test_permutate_accepts_variable_indices(rng):
    x = rng.uniform(-1, 1, (3,)).astype(numpy.float32)
    indices = chainer.Variable(numpy.array([2, 0, 1], numpy.int32))
    numpy.testing.assert_array_equal(F.permutate(x, indices).data, x[[2, 0, 1]])


def test_permutate_rejects_non_permutation():
    with pytest.raises(ValueError, match='permutation'):
        F.permutate(numpy.zeros(3, numpy.float32), numpy.array([0, 0, 1], numpy.int32))


@pytest.mark.parametrize('indices,axis', [
    (numpy.array([0, 1], numpy.int32), 0),          # wrong length
    (numpy.array([0., 1, 2], numpy.float32), 0),    # not integers
    (numpy.array([[0, 1, 2]], numpy.int32), 0),     # not 1-d
    (numpy.array([0, 1, 2], numpy.int32), 2),       # bad axis
])
def test_permutate_invalid(indices, axis):
    with pytest.raises(type_check.InvalidType):
        F.permutate(numpy.zeros((3, 2), numpy.float32), indices, axis=axis)
