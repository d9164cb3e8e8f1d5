"""F.local_convolution_2d: forward against direct loops, gradients to second order,
mixed dtypes, bad shapes."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer.utils import type_check


def _rand(*shape, seed=0):
    return numpy.random.RandomState(seed + sum(shape)).uniform(-1, 1, shape)


def _reference(x, W, b, stride):
    n = x.shape[0]
    o, oh, ow, c, kh, kw = W.shape
    y = numpy.zeros((n, o, oh, ow))
    for i in range(oh):
        for j in range(ow):
            patch = x[:, :, i * stride[0]:i * stride[0] + kh,
                      j * stride[1]:j * stride[1] + kw]
            y[:, :, i, j] = patch.reshape(n, -1).dot(W[:, i, j].reshape(o, -1).T)
    if b is not None:
        y += b
    return y


@pytest.mark.parametrize('stride', [(1, 1), (2, 1)])
@pytest.mark.parametrize('nobias', [False, True])
def test_forward_and_gradients(stride, nobias):
    x = _rand(2, 3, 5, 4)
    oh, ow = (5 - 3) // stride[0] + 1, (4 - 2) // stride[1] + 1
    W = _rand(4, oh, ow, 3, 3, 2, seed=1)
    args = (x, W) if nobias else (x, W, _rand(4, oh, ow, seed=2))

    def f(*a):
        return F.local_convolution_2d(*a, stride=stride)
    y = f(*args)
    numpy.testing.assert_allclose(
        y.data, _reference(x, W, None if nobias else args[2], stride), atol=1e-12)
    gy = _rand(*y.shape, seed=3)
    gg = tuple(_rand(*a.shape, seed=4) for a in args)
    gradient_check.check_backward(f, args, gy, dtype=numpy.float64)
    gradient_check.check_double_backward(f, args, gy, gg, dtype=numpy.float64)


def test_shared_filters_make_a_convolution():
    x, W2 = _rand(1, 2, 4, 4), _rand(3, 2, 2, 2)
    W = numpy.broadcast_to(W2[:, None, None], (3, 3, 3, 2, 2, 2)).copy()
    numpy.testing.assert_allclose(F.local_convolution_2d(x, W).data,
                                  F.convolution_2d(x, W2).data, atol=1e-12)


def test_weight_of_another_dtype():
    x = _rand(1, 2, 3, 3).astype(numpy.float16)
    W = chainer.Variable(_rand(2, 2, 2, 2, 2, 2))
    y = F.local_convolution_2d(x, W)
    assert y.dtype == numpy.float16
    y.grad = numpy.ones_like(y.data)
    y.backward()
    assert W.grad.dtype == numpy.float64


def test_mismatched_filter_grid_is_invalid():
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(_rand(1, 2, 4, 4), _rand(2, 2, 2, 2, 2, 2))
