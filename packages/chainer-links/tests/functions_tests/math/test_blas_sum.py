"""sum_2d: axis sums of host matrices as gemv products, equal to numpy's sums."""
import numpy
import pytest

from chainer.functions.math import _blas_sum


@pytest.mark.parametrize('axis', [0, 1])
@pytest.mark.parametrize('order', ['C', 'F'])
def test_equals_numpy_sum(dtype, axis, order):
    a = numpy.asarray(numpy.random.uniform(-1, 1, (5, 7)), dtype=dtype, order=order)
    s = _blas_sum.sum_2d(a, axis)
    assert s.dtype == dtype and s.shape == (a.shape[1 - axis],)
    tol = 1e-2 if dtype == numpy.float16 else 1e-5
    numpy.testing.assert_allclose(s, a.astype(numpy.float64).sum(axis=axis),
                                  atol=tol, rtol=tol)


def test_strided_view_and_empty_axis():
    a = numpy.arange(24, dtype=numpy.float32).reshape(4, 6)[:, ::2]
    numpy.testing.assert_array_equal(_blas_sum.sum_2d(a, 1), a.sum(axis=1))
    empty = numpy.zeros((0, 3), numpy.float32)
    numpy.testing.assert_array_equal(_blas_sum.sum_2d(empty, 0), numpy.zeros(3))


def test_ones_vectors_are_made_once_read_only_and_bounded():
    a = _blas_sum.ones_vector(5, numpy.dtype(numpy.float32))
    assert a is _blas_sum.ones_vector(5, numpy.dtype(numpy.float32))
    assert a.dtype == numpy.float32 and (a == 1).all() and not a.flags.writeable
    assert _blas_sum.ones_vector(5, numpy.dtype(numpy.float64)).dtype == numpy.float64
    for n in range(_blas_sum.MAX_ONES + 3):
        _blas_sum.ones_vector(n, numpy.dtype(numpy.float32))
    assert len(_blas_sum._ones) <= _blas_sum.MAX_ONES
    assert (_blas_sum.ones_vector(7, numpy.dtype(numpy.float32)) == 1).all()
