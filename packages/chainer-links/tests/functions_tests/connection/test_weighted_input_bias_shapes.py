"""local_convolution_2d checks (x, W, b) with the shared weighted-input check; its bias
is a (c_O, outh, outw) array, the linear-style functions' a vector."""
import numpy
import pytest

import chainer.functions as F
from chainer.utils import type_check


def _local(b_shape=(3, 2, 2), w_channels=2):
    x = numpy.ones((1, 2, 3, 3), numpy.float32)
    W = numpy.ones((3, 2, 2, w_channels, 2, 2), numpy.float32)
    b = None if b_shape is None else numpy.zeros(b_shape, numpy.float32)
    return x, W, b


def test_local_convolution_accepts_location_bias():
    x, W, b = _local()
    y = F.local_convolution_2d(x, W, b)
    assert y.shape == (1, 3, 2, 2)
    numpy.testing.assert_allclose(y.array, 8.)
    assert F.local_convolution_2d(x, W).shape == (1, 3, 2, 2)


@pytest.mark.parametrize('b_shape', [(3,), (3, 2), (3, 2, 1), (2, 2, 2)])
def test_local_convolution_refuses_other_bias_shapes(b_shape):
    x, W, b = _local(b_shape)
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(x, W, b)


def test_local_convolution_refuses_channel_mismatch_and_bad_outsize():
    x, W, _ = _local(w_channels=3)
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(x, W)
    x, W, _ = _local()
    with pytest.raises(type_check.InvalidType):
        F.local_convolution_2d(x, W, stride=2)


def test_linear_bias_still_a_vector():
    x = numpy.ones((2, 3), numpy.float32)
    W = numpy.ones((4, 3), numpy.float32)
    assert F.linear(x, W, numpy.zeros(4, numpy.float32)).shape == (2, 4)
    with pytest.raises(type_check.InvalidType):
        F.linear(x, W, numpy.zeros((4, 1), numpy.float32))
