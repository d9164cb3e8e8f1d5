import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shapes,axis', [
    (((2, 3), (2, 1), (2, 4)), 1),
    (((2, 3), (1, 3)), 0),
    (((2, 3, 1), (2, 3, 2)), -1),
    (((3,),), 0),
])
def test_concat_forward_backward(rng, dtype, check_backward, shapes, axis):
    xs = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)
    y = F.concat(xs, axis=axis)
    expected = numpy.concatenate(xs, axis=axis)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, expected)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda *xs: F.concat(xs, axis=axis), xs, gy, dtype)


def test_concat_default_axis_is_1(rng):
    xs = [rng.uniform(-1, 1, (2, k)).astype(numpy.float32) for k in (1, 2)]
    assert F.concat(xs).shape == (2, 3)


@pytest.mark.parametrize('xs,axis', [
    ([numpy.zeros((2, 3), numpy.float32), numpy.zeros((3, 3), numpy.float32)], 1),
    ([numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3), numpy.float64)], 0),
    ([numpy.zeros((2, 3), numpy.float32), numpy.zeros((2, 3, 1), numpy.float32)], 0),
    ([numpy.zeros((2, 3), numpy.float32)], 2),
    ([], 0),
])
def test_concat_invalid(xs, axis):
    with pytest.raises(type_check.InvalidType):
        F.concat(xs, axis=axis)
