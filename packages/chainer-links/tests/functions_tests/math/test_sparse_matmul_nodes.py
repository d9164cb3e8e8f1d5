"""The two sparse-dense product nodes share their constants (indices, shape, flags)."""
import numpy
import pytest

import chainer
from chainer.functions.math.sparse_matmul import CooMatMul
from chainer.functions.math.sparse_matmul import CooMatMulGradSP

ROW = numpy.array([0, 1, -1], numpy.int32)
COL = numpy.array([1, 0, -1], numpy.int32)


@pytest.mark.parametrize('cls', [CooMatMul, CooMatMulGradSP])
def test_constructor_keeps_constants_and_label(cls):
    node = cls(ROW, COL, [2, 3], 'C', transa=True, transc=True, dtype=numpy.float32)
    assert node.label == cls.__name__
    assert node.sp_shape == (2, 3) and node.sp_order == 'C'
    assert (node.transa, node.transb, node.transc) == (True, False, True)
    assert node.dtype == numpy.float32
    assert node.sp_row is ROW and node.sp_col is COL


@pytest.mark.parametrize('cls', [CooMatMul, CooMatMulGradSP])
def test_constructor_checks_indices(cls):
    with pytest.raises(ValueError, match='len\\(sp_shape\\) must be two'):
        cls(ROW, COL, (2, 3, 4))
    with pytest.raises(ValueError, match='shape of sp_row and sp_col'):
        cls(ROW, COL[:2], (2, 3))


def test_grad_sp_backward_builds_products_over_the_same_indices():
    a = chainer.Variable(numpy.arange(6, dtype=numpy.float64).reshape(2, 3))
    b = chainer.Variable(numpy.arange(6, dtype=numpy.float64).reshape(3, 2))
    y, = CooMatMulGradSP(ROW, COL, (2, 2)).apply((a, b))
    # entries (0, 1) and (1, 0) of a @ b; the padding entry is zero
    numpy.testing.assert_array_equal(y.array, (a.array @ b.array)[[0, 1, 0], [1, 0, 0]]
                                     * numpy.array([1, 1, 0]))
    y.grad = numpy.ones(3)
    y.backward()
    mask = numpy.zeros((2, 2))
    mask[0, 1] = mask[1, 0] = 1
    numpy.testing.assert_array_equal(a.grad, mask @ b.array.T)
    numpy.testing.assert_array_equal(b.grad, a.array.T @ mask)
