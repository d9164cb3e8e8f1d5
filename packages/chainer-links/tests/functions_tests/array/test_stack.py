import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,axis', [((2, 3), 0), ((2, 3), 1), ((2, 3), 2),
                                        ((2, 3), -1), ((3,), -2), ((), 0)])
def test_stack(rng, dtype, check_backward, shape, axis):
    xs = tuple(rng.uniform(-1, 1, shape).astype(dtype) for _ in range(3))
    y = F.stack(xs, axis)
    expected = numpy.stack(xs, axis)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda *xs: F.stack(xs, axis), xs, gy, dtype)


@pytest.mark.parametrize('xs,axis', [
    ([numpy.zeros((2, 3), numpy.float32), numpy.zeros((3, 2), numpy.float32)], 0),
    ([numpy.zeros((2,), numpy.float32), numpy.zeros((2,), numpy.float64)], 0),
    ([numpy.zeros((2,), numpy.float32)], 2),
    ([numpy.zeros((2,), numpy.float32)], -3),
    ([], 0),
])
def test_stack_invalid(xs, axis):
    with pytest.raises(type_check.InvalidType):
        F.stack(xs, axis)
