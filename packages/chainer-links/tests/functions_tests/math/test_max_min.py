"""``F.max`` and ``F.min``: one set of tests, each run for both reductions against the
matching numpy reduction."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.fixture(params=[(F.max, numpy.amax), (F.min, numpy.amin)], ids=['max', 'min'])
def reduction(request):
    """``(function, numpy reference)`` for each of max and min."""
    return request.param


@pytest.mark.parametrize('axis', [None, 0, -1, (0, 2)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_forward_and_backward(rng, dtype, check_forward, check_backward, reduction, axis,
                              keepdims):
    func, reference = reduction
    # Distinct values: no ties, so the numerical gradient is well defined.
    x = (rng.permutation(24).reshape(3, 2, 4) / 8.0 - 1.5).astype(dtype)
    y = func(x, axis=axis, keepdims=keepdims)
    expected = reference(x.astype(numpy.float64), axis=axis, keepdims=keepdims)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: func(x, axis=axis, keepdims=keepdims), x, gy, dtype,
                   eps=1e-2)


def test_gradient_goes_to_the_selected_element(reduction):
    func, reference = reduction
    x = chainer.Variable(numpy.array([[1, 5, 3], [4, 2, 0]], numpy.float32))
    y = func(x, axis=1)
    y.grad = numpy.array([1, 2], numpy.float32)
    y.backward()
    picked = reference(x.data, axis=1, keepdims=True) == x.data
    numpy.testing.assert_array_equal(x.grad, picked * numpy.array([[1], [2]]))


@pytest.mark.parametrize('x,axis', [
    (numpy.ones((3, 2), numpy.int32), None), (numpy.ones((3, 2), numpy.float32), 2),
    (numpy.ones((3, 2), numpy.float32), (0, -2))])
def test_invalid(reduction, x, axis):
    func, _ = reduction
    with pytest.raises(type_check.InvalidType):
        func(x, axis=axis)
