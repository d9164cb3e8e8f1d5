import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


@pytest.mark.parametrize('axis', [None, 0, 1, -1, (0, 2), (2, 0, 1), ()])
def test_sum(rng, dtype, check_forward, check_backward, axis):
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(dtype)
    y = F.sum(x, axis=axis)
    expected = x.astype(numpy.float64).sum(axis=axis)
    assert isinstance(y.data, numpy.ndarray)
    check_forward(y.data, expected, dtype)
    gy = rng.uniform(-1, 1, expected.shape).astype(dtype)
    check_backward(lambda x: F.sum(x, axis=axis), x, gy, dtype)


def test_sum_gradient_is_writable(rng):
    # The gradient is accumulated into in place by a second backward.
    x = chainer.Variable(rng.uniform(-1, 1, (2, 3)).astype(numpy.float32))
    for _ in range(2):
        F.sum(x).backward()
    numpy.testing.assert_array_equal(x.grad, numpy.full((2, 3), 2, numpy.float32))


@pytest.mark.parametrize('axis', [3, -4, (0, 3), (1, -2)])
def test_sum_invalid_axis(axis):
    with pytest.raises(type_check.InvalidType):
        F.sum(numpy.ones((3, 2, 4), numpy.float32), axis=axis)


def test_sum_invalid_dtype():
    with pytest.raises(type_check.InvalidType):
        F.sum(numpy.ones((3,), numpy.int32))


@pytest.mark.parametrize('axis', [1.0, 'a', (0, 1.5)])
def test_sum_axis_type(axis):
    with pytest.raises(TypeError, match='axis'):
        F.sum(numpy.ones((3, 2), numpy.float32), axis=axis)


@pytest.mark.parametrize('axis,shape', [(None, (1, 1, 1)), (1, (3, 1, 4)), ((0, 2), (1, 2, 1))])
def test_sum_keepdims_as_in_v1_24(rng, check_backward, axis, shape):
    x = rng.uniform(-1, 1, (3, 2, 4)).astype(numpy.float32)
    y = F.sum(x, axis=axis, keepdims=True)
    assert y.shape == shape
    testing.assert_allclose(y.data, x.sum(axis=axis, keepdims=True), atol=1e-6, rtol=1e-6)
    check_backward(lambda x: F.sum(x, axis=axis, keepdims=True), x,
                   rng.uniform(-1, 1, shape).astype(numpy.float32))
