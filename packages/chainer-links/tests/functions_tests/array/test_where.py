import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


def test_where(rng, dtype, check_backward):
    c = rng.uniform(-1, 1, (3, 4)) > 0
    x = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    y = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    z = F.where(c, x, y)
    numpy.testing.assert_array_equal(z.data, numpy.where(c, x, y))
    assert z.data.dtype == dtype
    gz = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    # The boolean condition gets no gradient.
    check_backward(F.where, (c, x, y), gz, dtype)


@pytest.mark.parametrize('c,x,y', [
    (numpy.ones((3,), numpy.int32), numpy.ones(3, numpy.float32),
     numpy.ones(3, numpy.float32)),                   # condition not boolean
    (numpy.ones((3,), bool), numpy.ones(3, numpy.float32),
     numpy.ones(3, numpy.float64)),                   # dtypes differ
    (numpy.ones((3,), bool), numpy.ones(2, numpy.float32),
     numpy.ones(3, numpy.float32)),                   # shapes differ
    (numpy.ones((2,), bool), numpy.ones(3, numpy.float32),
     numpy.ones(3, numpy.float32)),
])
def test_where_invalid(c, x, y):
    with pytest.raises(type_check.InvalidType):
        F.where(c, x, y)
