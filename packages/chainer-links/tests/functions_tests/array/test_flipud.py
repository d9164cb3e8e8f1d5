import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape', [(3,), (2, 3), (2, 3, 2)])
def test_flipud(rng, dtype, check_backward, shape):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.flipud(x)
    numpy.testing.assert_array_equal(y.data, numpy.flipud(x))
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, shape).astype(dtype)
    check_backward(F.flipud, x, gy, dtype)


def test_flipud_needs_1d():
    with pytest.raises(type_check.InvalidType):
        F.flipud(numpy.zeros((), numpy.float32))
