"""F.flip (v7): reversal along any axis."""
import numpy
import pytest

import chainer.functions as F
from chainer.functions.array.flip import _flip
from chainer.utils import type_check


@pytest.mark.parametrize('shape,axis', [((1,), 0), ((2, 3, 4), 1), ((2, 3, 4), -1),
                                        ((2, 3, 4), -3)])
def test_flip(rng, dtype, check_backward, shape, axis):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.flip(x, axis)
    numpy.testing.assert_array_equal(y.data, numpy.flip(x, axis))
    numpy.testing.assert_array_equal(_flip(x, axis), numpy.flip(x, axis))
    check_backward(lambda x: F.flip(x, axis), x,
                   rng.uniform(-1, 1, shape).astype(dtype))


@pytest.mark.parametrize('axis', [3, -4])
def test_flip_axis_out_of_range(axis):
    with pytest.raises(type_check.InvalidType):
        F.flip(numpy.zeros((2, 3, 4), numpy.float32), axis)


def test_flip_axis_must_be_int():
    with pytest.raises(TypeError):
        F.flip(numpy.zeros((2, 3), numpy.float32), 'a')
