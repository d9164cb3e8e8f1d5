import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,axes', [
    ((2, 3, 4), None), ((2, 3, 4), (1, 2, 0)), ((2, 3, 4), (-1, 0, 1)), ((3,), None),
    ((2, 3), (0, 1))])
def test_transpose(rng, dtype, check_backward, shape, axes):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.transpose(x, axes)
    expected = numpy.transpose(x, axes)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.shape == expected.shape and y.data.dtype == dtype
    assert numpy.shares_memory(y.data, x)  # documented: without copy
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.transpose(x, axes), x, gy, dtype)


@pytest.mark.parametrize('axes', [(0, 1), (0, 1, 3), (0, 0, 1), (0, 1, -4)])
def test_transpose_invalid_axes(axes):
    with pytest.raises(type_check.InvalidType):
        F.transpose(numpy.zeros((2, 3, 4), numpy.float32), axes)


def test_transpose_axes_type():
    with pytest.raises(TypeError, match='axes'):
        F.transpose(numpy.zeros((2, 3), numpy.float32), 'ab')
