"""Tests of debug mode: NaN checks name the function."""
import numpy
import pytest

import chainer


class NaNForward(chainer.Function):
    def forward(self, xs):
        return xs[0] * numpy.float32('nan'),


class NaNBackward(chainer.Function):
    def forward(self, xs):
        return xs[0] * 2,

    def backward(self, xs, gys):
        return gys[0] * numpy.float32('nan'),


@pytest.fixture(autouse=True)
def restore_debug():
    old = chainer.is_debug()
    yield
    chainer.set_debug(old)


def test_set_and_is_debug():
    chainer.set_debug(True)
    assert chainer.is_debug() is True
    chainer.set_debug(0)
    assert chainer.is_debug() is False


def test_debug_mode_context_restores():
    chainer.set_debug(False)
    with chainer.DebugMode(True) as mode:
        assert isinstance(mode, chainer.DebugMode)
        assert chainer.is_debug()
        with chainer.DebugMode(False):
            assert not chainer.is_debug()
        assert chainer.is_debug()
    assert not chainer.is_debug()


def test_nan_in_forward_names_the_function():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with chainer.DebugMode(True):
        with pytest.raises(RuntimeError, match='NaN is detected on forward computation '
                                               'of NaNForward'):
            NaNForward()(x)
    assert numpy.isnan(NaNForward()(x).data).all()  # unchecked outside debug mode


def test_nan_in_backward_names_the_function():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with chainer.DebugMode(True):
        y = NaNBackward()(x)
        y.grad = numpy.ones(2, numpy.float32)
        with pytest.raises(RuntimeError, match='backward computation of NaNBackward'):
            y.backward()
    y = NaNBackward()(x)
    y.grad = numpy.ones(2, numpy.float32)
    y.backward()
    assert numpy.isnan(x.grad).all()


def test_integer_outputs_are_not_checked():
    class IntOut(chainer.Function):
        def forward(self, xs):
            return xs[0].astype(numpy.int32),

    with chainer.DebugMode(True):
        IntOut()(numpy.ones(2, numpy.float32))
