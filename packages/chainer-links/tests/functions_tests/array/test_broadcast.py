import numpy
import pytest

import chainer
import chainer.functions as F
from chainer.utils import type_check


def test_broadcast_forward(rng, dtype):
    a = rng.uniform(-1, 1, (3, 1)).astype(dtype)
    b = rng.uniform(-1, 1, (1, 4)).astype(dtype)
    c = rng.uniform(-1, 1, (4,)).astype(dtype)
    ys = F.broadcast(a, b, c)
    assert len(ys) == 3
    for y, x in zip(ys, (a, b, c)):
        assert y.data.dtype == dtype
        numpy.testing.assert_array_equal(y.data, numpy.broadcast_to(x, (3, 4)))


def test_broadcast_single_returns_variable(rng):
    a = rng.uniform(-1, 1, (2, 3)).astype(numpy.float32)
    y = F.broadcast(a)
    assert isinstance(y, chainer.Variable)
    numpy.testing.assert_array_equal(y.data, a)


def test_broadcast_backward(rng, dtype, check_backward):
    a = rng.uniform(-1, 1, (3, 1)).astype(dtype)
    b = rng.uniform(-1, 1, (2, 1, 4)).astype(dtype)
    gys = tuple(rng.uniform(-1, 1, (2, 3, 4)).astype(dtype) for _ in range(2))
    check_backward(F.broadcast, (a, b), gys, dtype)


def test_broadcast_backward_one_output_unused(rng):
    a = chainer.Variable(rng.uniform(-1, 1, (3, 1)).astype(numpy.float32))
    b = chainer.Variable(rng.uniform(-1, 1, (1, 4)).astype(numpy.float32))
    ya, _ = F.broadcast(a, b)
    ya.grad = numpy.ones((3, 4), numpy.float32)
    ya.backward()
    numpy.testing.assert_array_equal(a.grad, numpy.full((3, 1), 4, numpy.float32))
    assert b.grad is None


def test_broadcast_invalid_shapes():
    with pytest.raises(type_check.InvalidType):
        F.broadcast(numpy.zeros((2, 3), numpy.float32), numpy.zeros((4,), numpy.float32))


def test_broadcast_no_args():
    with pytest.raises(type_check.InvalidType):
        F.broadcast()


@pytest.mark.parametrize('in_shape,out_shape', [
    ((3, 1), (2, 3, 4)), ((4,), (3, 4)), ((1,), (2, 2)), ((), (2,)), ((2, 3), (2, 3))])
def test_broadcast_to_forward_backward(rng, dtype, check_backward, in_shape, out_shape):
    x = rng.uniform(-1, 1, in_shape).astype(dtype)
    y = F.broadcast_to(x, out_shape)
    assert y.data.dtype == dtype
    numpy.testing.assert_array_equal(y.data, numpy.broadcast_to(x, out_shape))
    gy = rng.uniform(-1, 1, out_shape).astype(dtype)
    check_backward(lambda x: F.broadcast_to(x, out_shape), x, gy, dtype)


@pytest.mark.parametrize('in_shape,out_shape', [((2, 3), (3, 3)), ((2, 3), (3,)),
                                                 ((3,), (3, 2))])
def test_broadcast_to_invalid(in_shape, out_shape):
    with pytest.raises(type_check.InvalidType):
        F.broadcast_to(numpy.zeros(in_shape, numpy.float32), out_shape)
