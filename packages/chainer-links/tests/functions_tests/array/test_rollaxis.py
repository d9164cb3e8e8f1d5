import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis,start', [
    (2, 0), (0, 2), (0, 3), (1, 1), (-1, 1), (2, -3), (0, -1), (1, 3)])
def test_rollaxis(rng, dtype, check_backward, axis, start):
    x = rng.uniform(-1, 1, (2, 3, 4)).astype(dtype)
    y = F.rollaxis(x, axis, start)
    expected = numpy.rollaxis(x, axis, start)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.shape == expected.shape and y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.rollaxis(x, axis, start), x, gy, dtype)


def test_rollaxis_default_start(rng):
    x = rng.uniform(-1, 1, (2, 3, 4)).astype(numpy.float32)
    assert F.rollaxis(x, 2).shape == (4, 2, 3)


@pytest.mark.parametrize('axis,start', [(3, 0), (-4, 0), (0, 4), (0, -4)])
def test_rollaxis_invalid(axis, start):
    with pytest.raises(type_check.InvalidType):
        F.rollaxis(numpy.zeros((2, 3, 4), numpy.float32), axis, start)
