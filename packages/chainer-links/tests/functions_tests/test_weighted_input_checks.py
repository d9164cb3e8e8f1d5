"""The shared type check of (x, W[, b]): valid input passes in the light pass."""
import numpy
import pytest

from chainer.functions.connection import depthwise_convolution_2d
from chainer.functions.connection import linear
from chainer.functions.connection import convolution_2d
from chainer.functions.noise import simplified_dropconnect
from chainer.utils import type_check


def _f32(*shape):
    return numpy.zeros(shape, numpy.float32)


CASES = {
    'linear': (linear.LinearFunction(), (_f32(2, 3), _f32(4, 3), _f32(4))),
    'simplified_dropconnect': (
        simplified_dropconnect.SimplifiedDropconnect(0.5, None),
        (_f32(2, 3), _f32(4, 3), _f32(4))),
    'depthwise_convolution_2d': (
        depthwise_convolution_2d.DepthwiseConvolution2D(),
        (_f32(1, 2, 3, 3), _f32(2, 2, 2, 2), _f32(4))),
    'convolution_2d': (
        convolution_2d.Convolution2DFunction(),
        (_f32(1, 2, 3, 3), _f32(4, 2, 2, 2), _f32(4))),
}


@pytest.fixture
def full_passes(monkeypatch):
    calls = []
    full = type_check.get_types

    def counting(*args, **kwargs):
        calls.append(args)
        return full(*args, **kwargs)

    monkeypatch.setattr(type_check, 'get_types', counting)
    return calls


@pytest.mark.parametrize('name', sorted(CASES))
@pytest.mark.parametrize('with_bias', [True, False])
def test_valid_input_never_takes_the_full_pass(name, with_bias, full_passes):
    func, data = CASES[name]
    type_check.run_check(func.check_type_forward, data if with_bias else data[:2])
    assert full_passes == []


@pytest.mark.parametrize('name', sorted(CASES))
def test_a_bad_bias_is_reported_by_the_full_pass(name, full_passes):
    func, data = CASES[name]
    bad_bias = numpy.zeros(5, numpy.float32)
    with pytest.raises(type_check.InvalidType, match=r'in_types\[2\]\.shape\[0\]'):
        type_check.run_check(func.check_type_forward, data[:2] + (bad_bias,))
    assert len(full_passes) == 1


def test_linear_messages_name_the_failing_condition():
    with pytest.raises(type_check.InvalidType,
                       match=r'prod\(in_types\[0\]\.shape\[1:\]\) == in_types\[1\]\.shape\[1\]'):
        type_check.run_check(linear.LinearFunction().check_type_forward,
                             (_f32(2, 3), _f32(4, 5)))
