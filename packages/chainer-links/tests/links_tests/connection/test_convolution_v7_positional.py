"""v7's positional order ``(..., pad, nobias, initialW, initial_bias)`` of
L.Convolution2D (and ``(..., dilate, nobias, initialW, initial_bias)`` of
L.DilatedConvolution2D), told apart from v1's ``(..., wscale, bias, nobias)`` by the
bool in ``wscale``'s place: code built on v7 (ChainerCV's Conv2DActiv) passes them so."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import initializers


def _weight(shape):
    return numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape) / 10


@pytest.mark.parametrize('make', [
    lambda *a, **k: L.Convolution2D(2, 3, 3, 1, 1, *a, **k),
    lambda *a, **k: L.DilatedConvolution2D(2, 3, 3, 1, 2, 2, *a, **k),
])
class TestV7PositionalOrder(object):

    def test_nobias_initialW_initial_bias_by_position(self, make):
        W = _weight((3, 2, 3, 3))
        link = make(False, W, initializers.Constant(0.5))
        numpy.testing.assert_array_equal(link.W.array, W)
        numpy.testing.assert_array_equal(link.b.array, numpy.full(3, 0.5, numpy.float32))
        assert link.wscale == 1

    def test_nobias_true_by_position(self, make):
        link = make(True, initializers.One())
        assert link.b is None
        numpy.testing.assert_array_equal(link.W.array, numpy.ones((3, 2, 3, 3), 'f'))

    def test_nobias_by_position_with_keywords(self, make):
        link = make(False, initialW=initializers.Zero(), initial_bias=2.0)
        assert not link.W.array.any()
        numpy.testing.assert_array_equal(link.b.array, numpy.full(3, 2.0, numpy.float32))

    def test_nobias_only_keeps_the_default_initializers(self, make):
        link = make(False)
        assert link.W.array.std() > 0 and not link.b.array.any()

    def test_initialW_twice_is_a_type_error(self, make):
        with pytest.raises(TypeError, match='initialW'):
            make(False, initializers.One(), initialW=initializers.Zero())

    def test_v1_numbers_keep_v1_meaning(self, make):
        # v1: (..., wscale, bias, nobias): a scale and a bias value
        link = make(2.0, 0.25)
        assert link.wscale == 2.0
        numpy.testing.assert_array_equal(link.b.array, numpy.full(3, 0.25, numpy.float32))
        assert make(1, 0, True).b is None


def test_chainercv_conv2d_activ_form_runs_forward_and_backward():
    # Conv2DActiv's call: Convolution2D(in, out, ksize, stride, pad, nobias, initialW,
    # initial_bias) with initialW and initial_bias None.
    link = L.Convolution2D(2, 4, 3, 1, 1, False, None, None)
    x = numpy.random.RandomState(0).rand(1, 2, 5, 5).astype(numpy.float32)
    y = link(x)
    assert y.shape == (1, 4, 5, 5)
    chainer.functions.sum(y).backward()
    assert link.W.grad is not None and link.b.grad is not None
