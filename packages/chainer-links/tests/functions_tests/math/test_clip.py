import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def test_clip(rng, dtype, check_forward, check_backward):
    x = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    # Keep the samples away from the bounds, where the gradient is discontinuous.
    x[numpy.abs(numpy.abs(x) - 0.5) < 0.05] = 0.2
    y = F.clip(x, -0.5, 0.5)
    check_forward(y.data, numpy.clip(x.astype(numpy.float64), -0.5, 0.5), dtype)
    gy = rng.uniform(-1, 1, (3, 4)).astype(dtype)
    check_backward(lambda x: F.clip(x, -0.5, 0.5), x, gy, dtype)


def test_clip_gradient_is_zero_outside_and_passes_on_the_bounds():
    # v2+: an element equal to a bound gets the gradient (v1 gave it zero).
    x = chainer.Variable(numpy.array([-2, -1, 0, 1, 2], numpy.float32))
    y = F.clip(x, -1.0, 1.0)
    y.grad = numpy.ones(5, numpy.float32)
    y.backward()
    numpy.testing.assert_array_equal(x.grad, [0, 1, 1, 1, 0])


@pytest.mark.parametrize('x_min,x_max,expected', [
    (1.0, 4.0, [0, 1, 1, 1, 1, 0]),
    (None, 2.0, [1, 1, 1, 0, 0, 0]),
    (3.0, None, [0, 0, 0, 1, 1, 1]),
])
def test_clip_bound_gradient_in_a_double_backprop(x_min, x_max, expected):
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float64))
    gx, = chainer.grad([F.sum(F.clip(x, x_min, x_max))], [x],
                       enable_double_backprop=True)
    numpy.testing.assert_array_equal(gx.data, expected)


def test_clip_invalid_input():
    with pytest.raises(type_check.InvalidType):
        F.clip(numpy.ones(3, numpy.int32), 0.0, 1.0)


@pytest.mark.parametrize('x_min,x_max,error', [
    (1.0, 0.0, ValueError), (1.0, 1.0, ValueError), ('a', 1.0, TypeError),
    (None, None, ValueError)])  # one None bound is allowed (v7)
def test_clip_invalid_bounds(x_min, x_max, error):
    with pytest.raises(error):
        F.clip(numpy.ones(3, numpy.float32), x_min, x_max)


@pytest.mark.parametrize('x_min,x_max', [(1.0, -1.0), (0.5, 0.5)])
def test_empty_interval_is_also_an_assertion_error_as_in_v1(x_min, x_max):
    with pytest.raises(AssertionError, match='x_min must be less than x_max'):
        F.Clip(x_min, x_max)
