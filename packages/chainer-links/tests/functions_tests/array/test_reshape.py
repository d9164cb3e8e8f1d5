import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('in_shape,shape', [
    ((2, 3), (3, 2)), ((2, 3), (6,)), ((2, 3, 4), (4, -1)), ((6,), (1, 2, 3)),
    ((1,), ())])
def test_reshape(rng, dtype, check_backward, in_shape, shape):
    x = rng.uniform(-1, 1, in_shape).astype(dtype)
    y = F.reshape(x, shape)
    expected = x.reshape(shape)
    assert y.shape == expected.shape and y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, expected)
    assert numpy.shares_memory(y.data, x)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.reshape(x, shape), x, gy, dtype)


@pytest.mark.parametrize('shape', [(4, 2), (-1, -1), (5, -1), (0, -1), (-2, 3)])
def test_reshape_invalid(shape):
    with pytest.raises(type_check.InvalidType):
        F.reshape(numpy.zeros((2, 3), numpy.float32), shape)
