"""F.matmul of batches of matrices (v3+) and of mixed dtypes (v7)."""
import numpy
import pytest

import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


def _t(x, trans):
    return x.swapaxes(-1, -2) if trans and x.ndim > 1 else x


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', [
    ((6, 5, 2), (6, 10, 5), True, True),
    ((6, 2, 5), (6, 5, 3), False, False),
    ((2, 3, 4), (4,), False, False),
    ((4,), (2, 4, 3), False, False),
    ((2, 3, 4, 5), (2, 3, 5, 6), False, False),
    ((3, 1, 4, 5), (2, 6, 5), False, True),  # batch axes broadcast
])
def test_batched_product_and_its_gradients(rng, a_shape, b_shape, transa, transb):
    a = rng.uniform(.5, 1, a_shape)
    b = rng.uniform(.5, 1, b_shape)
    y = F.matmul(a, b, transa, transb)
    numpy.testing.assert_allclose(y.data, numpy.matmul(_t(a, transa), _t(b, transb)))

    def func(a, b):
        return F.matmul(a, b, transa, transb)
    gy = rng.uniform(-1, 1, y.shape)
    gradient_check.check_backward(func, (a, b), gy)
    gradient_check.check_double_backward(
        func, (a, b), gy, (rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)))


def test_mixed_dtypes_give_the_promoted_dtype(rng):
    a = rng.uniform(.5, 1, (2, 3)).astype(numpy.float16)
    b = rng.uniform(.5, 1, (3, 4)).astype(numpy.float32)
    assert F.matmul(a, b).dtype == numpy.float32
    assert F.matmul(a[None], b[None]).dtype == numpy.float32


def test_v1_vectors_stay_column_vectors():
    v = numpy.ones(5, numpy.float32)
    assert F.matmul(v, v, transa=True).shape == (1, 1)


def test_bad_shapes():
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.ones((2, 3, 4)), numpy.ones((2, 5, 6)))
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.ones((2, 3, 4)), numpy.ones((3, 4, 6)))
