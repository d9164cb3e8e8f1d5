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


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', [
    ((5,), (5, 2), False, False),
    ((5,), (2, 5), False, True),
    ((2, 5), (5,), False, True),
    ((4,), (4,), False, False),
])
@pytest.mark.parametrize('dtypes', [(numpy.float64, numpy.float64),
                                    (numpy.float32, numpy.float64)])
def test_vectors_v1_refused_follow_numpy(rng, a_shape, b_shape, transa, transb, dtypes):
    # v1 read a 1-d operand as a column vector and refused these; v7 follows
    # numpy.matmul (a vector is never transposed, its axis is dropped).
    a = rng.uniform(.5, 1, a_shape).astype(dtypes[0])
    b = rng.uniform(.5, 1, b_shape).astype(dtypes[1])
    y = F.matmul(a, b, transa, transb)
    expected = numpy.matmul(_t(a, transa).astype(numpy.float64),
                            _t(b, transb).astype(numpy.float64))
    assert y.shape == expected.shape and y.dtype == numpy.float64
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-6)

    def func(a, b):
        return F.matmul(a, b, transa, transb)
    a, b = a.astype(numpy.float64), b.astype(numpy.float64)
    gy = rng.uniform(-1, 1, y.shape)
    gradient_check.check_backward(func, (a, b), gy)
    gradient_check.check_double_backward(
        func, (a, b), gy, (rng.uniform(-1, 1, a_shape), rng.uniform(-1, 1, b_shape)))


@pytest.mark.parametrize('a_shape,b_shape,transa,transb,expected_shape', [
    ((5,), (5,), True, False, (1, 1)),
    ((5,), (5,), False, True, (5, 5)),
    ((5,), (5, 2), True, False, (1, 2)),
    ((2, 5), (5,), False, False, (2, 1)),
])
def test_vectors_v1_took_keep_the_column_reading(a_shape, b_shape, transa, transb,
                                                 expected_shape):
    a = numpy.ones(a_shape, numpy.float32)
    b = numpy.ones(b_shape, numpy.float32)
    assert F.matmul(a, b, transa, transb).shape == expected_shape
    # mixed dtypes keep v1's reading too
    assert F.matmul(a, b.astype(numpy.float64), transa, transb).shape == expected_shape


@pytest.mark.parametrize('a_shape,b_shape', [((5,), (4,)), ((5,), (4, 2)), ((2, 3), (2, 3))])
def test_operands_no_reading_fits_raise_invalid_type(a_shape, b_shape):
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.ones(a_shape, numpy.float32), numpy.ones(b_shape, numpy.float32))
