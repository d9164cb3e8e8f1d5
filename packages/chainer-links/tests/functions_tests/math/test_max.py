import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [None, 0, -1, (0, 2)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_max(rng, dtype, check_forward, check_backward, axis, keepdims):
    # Distinct values: no ties, so the numerical gradient is well defined.
    x = (rng.permutation(24).reshape(3, 2, 4) / 8.0 - 1.5).astype(dtype)
    y = F.max(x, axis=axis, keepdims=keepdims)
    expected = numpy.amax(x.astype(numpy.float64), axis=axis, keepdims=keepdims)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.max(x, axis=axis, keepdims=keepdims), x, gy, dtype,
               eps=1e-2)


def test_max_gradient_goes_to_the_selected_element():
    x = chainer.Variable(numpy.array([[1, 5, 3], [4, 2, 0]], numpy.float32))
    y = F.max(x, axis=1)
    y.grad = numpy.array([1, 2], numpy.float32)
    y.backward()
    picked = numpy.amax(x.data, axis=1, keepdims=True) == x.data
    numpy.testing.assert_array_equal(x.grad, picked * numpy.array([[1], [2]]))


@pytest.mark.parametrize('x,axis', [
    (numpy.ones((3, 2), numpy.int32), None), (numpy.ones((3, 2), numpy.float32), 2),
    (numpy.ones((3, 2), numpy.float32), (0, 0))])
def test_max_invalid(x, axis):
    with pytest.raises(type_check.InvalidType):
        F.max(x, axis=axis)
