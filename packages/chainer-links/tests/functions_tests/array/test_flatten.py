import numpy
import pytest

import chainer
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


def test_flatten_node_class_of_v1(rng, check_backward):
    x = rng.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    y = F.Flatten()(chainer.Variable(x))
    assert y.data.shape == (6,)
    assert y.creator.label == 'Flatten'
    check_backward(F.Flatten(), x, rng.uniform(-1, 1, (6,)).astype(numpy.float32))
