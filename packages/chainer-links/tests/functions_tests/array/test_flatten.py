import numpy
import pytest

import chainer.functions as F


@pytest.mark.parametrize('shape', [(2, 3, 2), (4,), ()])
def test_flatten(rng, dtype, check_backward, shape):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.flatten(x)
    numpy.testing.assert_array_equal(y.data, x.ravel())
    assert y.data.dtype == dtype
    gy = rng.uniform(-1, 1, (x.size,)).astype(dtype)
    check_backward(F.flatten, x, gy, dtype)


def test_flatten_rejects_non_array():
    with pytest.raises(TypeError):
        F.flatten([1.0, 2.0])
