import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [0, 1, 2, -1, -3])
def test_expand_dims(rng, dtype, check_backward, axis):
    x = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    y = F.expand_dims(x, axis)
    expected = numpy.expand_dims(x, axis)
    assert y.shape == expected.shape and y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, expected)
    assert numpy.shares_memory(y.data, x)  # documented: without copy
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.expand_dims(x, axis), x, gy, dtype)


@pytest.mark.parametrize('axis', [3, -4])
def test_expand_dims_invalid_axis(axis):
    with pytest.raises(type_check.InvalidType):
        F.expand_dims(numpy.zeros((3, 2), numpy.float32), axis)


def test_expand_dims_axis_type():
    with pytest.raises(TypeError, match='axis'):
        F.expand_dims(numpy.zeros((3, 2), numpy.float32), 1.5)
