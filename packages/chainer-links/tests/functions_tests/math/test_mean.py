import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [None, 0, (1, 2)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_mean(rng, dtype, check_forward, check_backward, axis, keepdims):
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(dtype)
    y = F.mean(x, axis=axis, keepdims=keepdims)
    expected = numpy.mean(x.astype(numpy.float64), axis=axis, keepdims=keepdims)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.mean(x, axis=axis, keepdims=keepdims), x, gy, dtype)


def test_mean_invalid():
    with pytest.raises(type_check.InvalidType):
        F.mean(numpy.ones((3, 2), numpy.int32))
    with pytest.raises(type_check.InvalidType):
        F.mean(numpy.ones((3, 2), numpy.float32), axis=(0, 2))
