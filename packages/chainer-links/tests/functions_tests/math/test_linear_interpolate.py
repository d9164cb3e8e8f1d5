import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


def test_linear_interpolate(rng, dtype, check_forward, check_backward):
    p = rng.uniform(0, 1, (3, 2)).astype(dtype)
    x = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    y = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    z = F.linear_interpolate(p, x, y)
    p64, x64, y64 = (a.astype(numpy.float64) for a in (p, x, y))
    check_forward(z.data, p64 * x64 + (1 - p64) * y64, dtype)
    gz = rng.uniform(-1, 1, (3, 2)).astype(dtype)
    check_backward(F.linear_interpolate, (p, x, y), gz, dtype)


@pytest.mark.parametrize('shapes,dtypes', [
    (((3, 2), (3, 2), (2, 3)), (numpy.float32,) * 3),
    (((3, 2), (3,), (3, 2)), (numpy.float32,) * 3),
    (((3, 2),) * 3, (numpy.float32, numpy.float64, numpy.float32)),
    (((3, 2),) * 3, (numpy.int32,) * 3),
])
def test_linear_interpolate_invalid(shapes, dtypes):
    args = [numpy.ones(s, d) for s, d in zip(shapes, dtypes)]
    with pytest.raises(type_check.InvalidType):
        F.linear_interpolate(*args)
