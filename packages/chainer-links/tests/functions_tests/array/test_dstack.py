import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shapes', [
    [(3,), (3,)], [(2, 3), (2, 3)], [(2, 3, 1), (2, 3, 2)], [(), ()],
    [(2, 3, 1, 2), (2, 3, 2, 2)]])
def test_dstack(rng, dtype, check_backward, shapes):
    xs = tuple(rng.uniform(-1, 1, s).astype(dtype) for s in shapes)
    y = F.dstack(xs)
    expected = numpy.dstack(xs)
    numpy.testing.assert_array_equal(y.data, expected)
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda *xs: F.dstack(xs), xs, gy, dtype)


@pytest.mark.parametrize('shapes', [[(2, 3), (3, 3)], [(3,), (2,)]])
def test_dstack_invalid(shapes):
    with pytest.raises(type_check.InvalidType):
        F.dstack([numpy.zeros(s, numpy.float32) for s in shapes])
