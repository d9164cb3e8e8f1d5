import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,axis', [
    ((1, 3, 1, 2), None), ((1, 3, 1, 2), 0), ((1, 3, 1, 2), (0, 2)), ((1, 3, 1, 2), -2),
    ((1, 1), None), ((3,), None)])
def test_squeeze(rng, dtype, check_backward, shape, axis):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.squeeze(x, axis)
    expected = numpy.squeeze(x, axis)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.shape == expected.shape and y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.squeeze(x, axis), x, gy, dtype)


@pytest.mark.parametrize('axis', [4, -5, (0, 0)])
def test_squeeze_invalid_axis(axis):
    x = numpy.zeros((1, 3, 1, 2), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        F.squeeze(x, axis)


@pytest.mark.parametrize('axis', [1, (0, 1), (-1,)])
def test_squeezing_an_axis_longer_than_one_is_a_value_error_as_in_v1(axis):
    x = numpy.zeros((1, 3, 1, 2), numpy.float32)
    with pytest.raises(ValueError, match='length'):
        F.squeeze(x, axis)
