import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape', [(2, 3), (2, 3, 2)])
def test_fliplr(rng, dtype, check_backward, shape):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.fliplr(x)
    numpy.testing.assert_array_equal(y.data, numpy.fliplr(x))
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, shape).astype(dtype)
    check_backward(F.fliplr, x, gy, dtype)


def test_fliplr_needs_2d():
    with pytest.raises(type_check.InvalidType):
        F.fliplr(numpy.zeros((3,), numpy.float32))
