import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis1,axis2', [(0, 1), (0, 2), (-1, 1), (1, 1)])
def test_swapaxes(rng, dtype, check_backward, axis1, axis2):
    x = rng.uniform(-1, 1, (2, 3, 4)).astype(dtype)
    y = F.swapaxes(x, axis1, axis2)
    expected = numpy.swapaxes(x, axis1, axis2)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.shape == expected.shape and y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.swapaxes(x, axis1, axis2), x, gy, dtype)


@pytest.mark.parametrize('axis1,axis2', [(0, 3), (-4, 0)])
def test_swapaxes_invalid(axis1, axis2):
    with pytest.raises(type_check.InvalidType):
        F.swapaxes(numpy.zeros((2, 3, 4), numpy.float32), axis1, axis2)
