"""``F.maximum`` and ``F.minimum``: one set of tests, each run for both elementwise
selections against the matching numpy function."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


@pytest.fixture(params=[(F.maximum, numpy.maximum, numpy.greater_equal),
                        (F.minimum, numpy.minimum, numpy.less_equal)],
                ids=['maximum', 'minimum'])
def selection(request):
    """``(function, numpy reference, where the first input wins)`` for each of maximum
    and minimum."""
    return request.param


def test_forward_and_backward(rng, dtype, check_forward, check_backward, selection):
    func, reference, _ = selection
    x1 = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    x2 = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    # Keep the pairs apart: the gradient jumps where x1 == x2.
    x2[numpy.abs(x1 - x2) < 0.05] += 0.2
    y = func(x1, x2)
    check_forward(y.data, reference(x1, x2).astype(numpy.float64), dtype)
    gy = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    check_backward(func, (x1, x2), gy, dtype)


def test_tie_sends_gradient_to_first_input(selection):
    func, _, first_wins = selection
    x1 = chainer.Variable(numpy.array([1, 2, 3], numpy.float32))
    x2 = chainer.Variable(numpy.array([3, 2, 1], numpy.float32))
    y = func(x1, x2)
    y.grad = numpy.ones(3, numpy.float32)
    y.backward()
    first = first_wins(x1.data, x2.data)
    numpy.testing.assert_array_equal(x1.grad, first)
    numpy.testing.assert_array_equal(x2.grad, ~first)


@pytest.mark.parametrize('a,b', [
    (numpy.ones((3, 2), numpy.float32), numpy.ones((2, 3), numpy.float32)),
    (numpy.ones((3, 2), numpy.float32), numpy.ones((3, 2), numpy.float64)),
    (numpy.ones((3, 2), numpy.int32), numpy.ones((3, 2), numpy.int32)),
])
def test_invalid(selection, a, b):
    func, _, _ = selection
    with pytest.raises(type_check.InvalidType):
        func(a, b)
