import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('t_dtype', [numpy.int32, numpy.int64])
def test_select_item(rng, dtype, check_backward, t_dtype):
    x = rng.uniform(-1, 1, (4, 3)).astype(dtype)
    t = numpy.array([2, 0, 0, 1], t_dtype)
    y = F.select_item(x, t)
    numpy.testing.assert_array_equal(y.data, t.choose(x.T))
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, (4,)).astype(dtype)
    check_backward(F.select_item, (x, t), gy, dtype)


def test_select_item_out_of_bounds():
    with pytest.raises(ValueError, match='indices'):
        F.select_item(numpy.zeros((2, 3), numpy.float32), numpy.array([0, 3], numpy.int32))


@pytest.mark.parametrize('x_shape,t', [
    ((2, 3), numpy.array([0, 1, 2], numpy.int32)),    # batch sizes differ
    ((2, 3), numpy.array([0., 1.], numpy.float32)),   # t not integer
    ((2, 3, 1), numpy.array([0, 1], numpy.int32)),    # x not 2-d
    ((2, 3), numpy.array([[0, 1]], numpy.int32)),     # t not 1-d
])
def test_select_item_invalid(x_shape, t):
    with pytest.raises(type_check.InvalidType):
        F.select_item(numpy.zeros(x_shape, numpy.float32), t)
