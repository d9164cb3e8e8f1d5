"""F.moveaxis against numpy.moveaxis."""
import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('source,destination', [
    (0, -1), (-1, 0), ((0, 2), (2, 0)), ((0, 1), (-1, -3)), ([1], [2])])
def test_moveaxis(rng, dtype, check_backward, source, destination):
    x = rng.uniform(-1, 1, (2, 3, 4)).astype(dtype)
    y = F.moveaxis(x, source, destination)
    expected = numpy.moveaxis(x, source, destination)
    numpy.testing.assert_array_equal(y.data, expected)
    check_backward(lambda x: F.moveaxis(x, source, destination), x,
                   rng.uniform(-1, 1, expected.shape).astype(dtype))


@pytest.mark.parametrize('source,destination', [(3, 0), (0, -4), ((0, -3), (1, 2))])
def test_moveaxis_out_of_range_or_repeated_after_wrapping(source, destination):
    with pytest.raises(type_check.InvalidType):
        F.moveaxis(numpy.zeros((2, 3, 4), numpy.float32), source, destination)


@pytest.mark.parametrize('source,destination', [
    ((1, 2), (1, 2, 0)), ((0, 0), (1, 2)), ((0, 1), (2, 2))])
def test_moveaxis_value_errors(source, destination):
    with pytest.raises(ValueError):
        F.moveaxis(numpy.zeros((2, 3, 4), numpy.float32), source, destination)


def test_moveaxis_float_axis():
    with pytest.raises(TypeError):
        F.moveaxis(numpy.zeros((2, 3, 4), numpy.float32), (1, 2.0), (1, 2))
