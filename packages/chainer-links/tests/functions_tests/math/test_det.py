import itertools

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def _leibniz_det(m):
    """Determinant by the permutation sum: a reference independent of LAPACK."""
    n = len(m)
    total = 0.0
    for perm in itertools.permutations(range(n)):
        inversions = sum(perm[i] > perm[j] for i in range(n) for j in range(i + 1, n))
        term = (-1.0) ** inversions
        for row, col in enumerate(perm):
            term *= m[row, col]
        total += term
    return total


def _well_conditioned(rng, shape, dtype):
    return (numpy.eye(shape[-1]) + rng.uniform(-0.4, 0.4, shape)).astype(dtype)


def test_batch_det(rng, dtype, check_forward, check_backward):
    a = _well_conditioned(rng, (2, 3, 3), dtype)
    y = F.batch_det(a)
    expected = [_leibniz_det(m.astype(numpy.float64)) for m in a]
    check_forward(y.data, numpy.array(expected), dtype)
    check_backward(F.batch_det, a, rng.uniform(-1, 1, 2).astype(dtype), dtype)


def test_det_of_one_matrix_is_a_scalar(rng, dtype, check_forward, check_backward):
    a = _well_conditioned(rng, (3, 3), dtype)
    y = F.det(a)
    assert y.shape == ()
    check_forward(y.data, numpy.array(_leibniz_det(a.astype(numpy.float64))), dtype)
    check_backward(F.det, a, numpy.array(0.7, dtype), dtype)


def test_det_node_is_labelled_det_as_in_v1():
    assert F.BatchDet().label == 'det'


def test_det_of_a_singular_matrix_is_zero_but_its_gradient_raises_value_error():
    a = numpy.zeros((2, 2, 2), numpy.float32)
    a[1] = numpy.eye(2)
    x = chainer.Variable(a)
    y = F.batch_det(x)
    numpy.testing.assert_array_equal(y.data, [0, 1])
    y.grad = numpy.ones(2, numpy.float32)
    with pytest.raises(ValueError):
        y.backward()


@pytest.mark.parametrize('shape,dt', [((2, 2), numpy.float32), ((2, 2, 3), numpy.float32),
                                      ((1, 2, 2), numpy.int32)])
def test_batch_det_rejects_non_batches_of_square_float_matrices(shape, dt):
    with pytest.raises(type_check.InvalidType):
        F.batch_det(numpy.ones(shape, dt))
