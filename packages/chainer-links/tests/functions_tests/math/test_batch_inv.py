import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


def test_batch_inv(rng, dtype, check_forward, check_backward):
    a = (numpy.eye(3) + rng.uniform(-0.3, 0.3, (2, 3, 3))).astype(dtype)
    y = F.batch_inv(a)
    check_forward(y.data, numpy.linalg.inv(a.astype(numpy.float64)), dtype)
    gy = rng.uniform(-1, 1, (2, 3, 3)).astype(dtype)
    check_backward(F.batch_inv, a, gy, dtype)


@pytest.mark.parametrize('shape,dt', [((2, 3, 2), numpy.float32), ((3, 3), numpy.float32),
                                      ((2, 2, 2), numpy.int32)])
def test_batch_inv_invalid(shape, dt):
    with pytest.raises(type_check.InvalidType):
        F.batch_inv(numpy.ones(shape, dt))
