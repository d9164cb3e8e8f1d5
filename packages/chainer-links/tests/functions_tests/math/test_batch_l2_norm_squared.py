import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape', [(3, 4), (2, 3, 2)])
def test_batch_l2_norm_squared(rng, dtype, check_forward, check_backward, shape):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.batch_l2_norm_squared(x)
    x64 = x.astype(numpy.float64).reshape(len(x), -1)
    check_forward(y.data, (x64 ** 2).sum(axis=1), dtype)
    gy = rng.uniform(-1, 1, (shape[0],)).astype(dtype)
    check_backward(F.batch_l2_norm_squared, x, gy, dtype)


@pytest.mark.parametrize('x', [numpy.ones((3,), numpy.float32),
                               numpy.ones((3, 2), numpy.int32)])
def test_batch_l2_norm_squared_invalid(x):
    with pytest.raises(type_check.InvalidType):
        F.batch_l2_norm_squared(x)
