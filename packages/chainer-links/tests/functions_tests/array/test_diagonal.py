"""F.diagonal against numpy.diagonal."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('shape,args', [
    ((3, 3), ()), ((2, 4), (1,)), ((4, 2), (-1,)), ((2, 4, 3), (1, 2, 0)),
    ((2, 3, 3), (0, -1, -2))])
def test_diagonal(rng, dtype, check_backward, shape, args):
    x = rng.uniform(-1, 1, shape).astype(dtype)
    y = F.diagonal(x, *args)
    expected = numpy.diagonal(x, *args)
    numpy.testing.assert_array_equal(y.data, expected)
    check_backward(lambda x: F.diagonal(x, *args), x,
                   rng.uniform(-1, 1, expected.shape).astype(dtype))


def test_diagonal_gradient_is_on_the_diagonal():
    x = chainer.Variable(numpy.zeros((3, 4)))
    y = F.diagonal(x, 1)
    y.grad = numpy.array([1., 2., 3.])
    y.backward()
    expected = numpy.zeros((3, 4))
    expected[[0, 1, 2], [1, 2, 3]] = [1, 2, 3]
    numpy.testing.assert_array_equal(x.grad, expected)


def test_diagonal_same_axes():
    with pytest.raises(type_check.InvalidType):
        F.diagonal(numpy.zeros((3, 3), numpy.float32), 0, 1, -1)
