import numpy
import pytest

import chainer.functions as F
from chainer import testing
from chainer.utils import type_check


def _depthwise_reference(conv_reference, x, W, b, stride, pad):
    """Each input channel alone, convolved (by the direct loop) with its own filters;
    the results concatenated channel after channel."""
    per_channel = [conv_reference(x[:, c:c + 1], W[:, c:c + 1], None, stride, pad,
                                  (1, 1), False)
                   for c in range(x.shape[1])]
    y = numpy.concatenate(per_channel, axis=1)
    if b is not None:
        y += b.astype(numpy.float64)[:, None, None]
    return y


def _inputs(rng, dtype, with_bias=True):
    x = rng.uniform(-1, 1, (2, 3, 4, 5)).astype(dtype)
    W = rng.uniform(-1, 1, (2, 3, 2, 3)).astype(dtype)
    b = rng.uniform(-1, 1, 6).astype(dtype) if with_bias else None
    return x, W, b


@pytest.mark.parametrize('stride,pad', [((1, 1), (0, 0)), ((2, 1), (1, 2))])
@pytest.mark.parametrize('with_bias', [True, False])
def test_forward(rng, dtype, fwd_tol, conv_reference, stride, pad, with_bias):
    x, W, b = _inputs(rng, dtype, with_bias)
    y = F.depthwise_convolution_2d(x, W, b, stride=stride, pad=pad)
    expected = _depthwise_reference(conv_reference, x, W, b, stride, pad)
    assert y.data.dtype == dtype and y.shape == expected.shape
    testing.assert_allclose(y.data, expected, **fwd_tol)


def test_scalar_stride_and_pad_apply_to_both_axes(rng, conv_reference):
    x, W, b = _inputs(rng, numpy.float64)
    y = F.depthwise_convolution_2d(x, W, b, stride=2, pad=1)
    testing.assert_allclose(
        y.data, _depthwise_reference(conv_reference, x, W, b, (2, 2), (1, 1)))


@pytest.mark.parametrize('with_bias', [True, False])
def test_backward(rng, dtype, check_backward, with_bias):
    x, W, b = _inputs(rng, dtype, with_bias)
    inputs = (x, W) if b is None else (x, W, b)
    gy = rng.uniform(-1, 1, (2, 6, 5, 2)).astype(dtype)

    def func(x, W, b=None):
        return F.depthwise_convolution_2d(x, W, b, stride=(1, 2), pad=(1, 0))
    check_backward(func, inputs, gy)


@pytest.mark.parametrize('x,W,b', [
    (numpy.zeros((2, 3, 4, 4), 'f'), numpy.zeros((2, 2, 2, 2), 'f'), None),
    (numpy.zeros((3, 4, 4), 'f'), numpy.zeros((2, 3, 2, 2), 'f'), None),
    (numpy.zeros((2, 3, 4, 4), 'i'), numpy.zeros((2, 3, 2, 2), 'f'), None),
    (numpy.zeros((2, 3, 4, 4), 'f'), numpy.zeros((2, 3, 2, 2), 'f'), numpy.zeros(2, 'f')),
])
def test_invalid_inputs(x, W, b):
    with pytest.raises(type_check.InvalidType):
        F.depthwise_convolution_2d(x, W, b)
