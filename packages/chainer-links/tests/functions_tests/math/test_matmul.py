import importlib

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.core_functions import matmul as core_matmul
from chainer.utils import type_check


def test_matmul_of_matrices_is_the_core_node():
    # operands of at most 2 dimensions use the node of the @ operator (v1's MatMul)
    a = chainer.Variable(numpy.ones((2, 3), numpy.float32))
    y = F.matmul(a, chainer.Variable(numpy.ones((3, 4), numpy.float32)))
    assert type(y.creator) is core_matmul.MatMul
    module = importlib.import_module('chainer.functions.math.matmul')
    assert module.MatMul is core_matmul.MatMul


@pytest.mark.parametrize('a_shape,b_shape,transa,transb', [
    ((2, 3), (3, 4), False, False), ((3, 2), (3, 4), True, False),
    ((2, 3), (4, 3), False, True), ((3,), (3,), True, False)])
def test_matmul(rng, dtype, check_forward, check_backward, a_shape, b_shape, transa, transb):
    a = rng.uniform(-1, 1, a_shape).astype(dtype)
    b = rng.uniform(-1, 1, b_shape).astype(dtype)

    def as_matrix(m, trans):
        m = m.astype(numpy.float64).reshape(len(m), -1)
        return m.T if trans else m
    expected = as_matrix(a, transa).dot(as_matrix(b, transb))
    y = F.matmul(a, b, transa=transa, transb=transb)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda a, b: F.matmul(a, b, transa, transb), (a, b), gy, dtype)


def test_matmul_invalid():
    with pytest.raises(type_check.InvalidType):
        F.matmul(numpy.ones((2, 3), numpy.float32), numpy.ones((2, 3), numpy.float32))
