import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def _numpy_depthwise(x, W, b, stride, pad):
    """A direct loop: output channel c*m+j is input channel c correlated with W[j, c]."""
    n, c, h, w = x.shape
    m, _, kh, kw = W.shape
    xp = numpy.pad(x.astype(numpy.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)),
                   'constant')
    oh, ow = (h + 2 * pad - kh) // stride + 1, (w + 2 * pad - kw) // stride + 1
    y = numpy.zeros((n, c * m, oh, ow))
    for ci in range(c):
        for j in range(m):
            for p in range(oh):
                for q in range(ow):
                    patch = xp[:, ci, p * stride:p * stride + kh, q * stride:q * stride + kw]
                    y[:, ci * m + j, p, q] = (patch * W[j, ci]).sum(axis=(1, 2))
    return y + b[:, None, None]


def test_parameter_layout_and_forward_against_numpy():
    link = L.DepthwiseConvolution2D(3, 2, 3, stride=2, pad=1, initial_bias=0.5)
    assert link.W.shape == (2, 3, 3, 3) and link.b.shape == (6,)
    numpy.testing.assert_array_equal(link.b.data, 0.5)
    x = _x(2, 3, 5, 4)
    y = link(chainer.Variable(x))
    numpy.testing.assert_allclose(
        y.data, _numpy_depthwise(x, link.W.data, link.b.data, 2, 1), rtol=1e-5, atol=1e-6)


def test_default_weight_is_drawn_from_n_0_1_over_fan_in():
    W = L.DepthwiseConvolution2D(20, 50, 3).W.data
    assert abs(W.std() - numpy.sqrt(1 / (20 * 9.))) < 0.01


def test_nobias_and_initial_weight():
    W = numpy.ones((2, 3, 1, 2), numpy.float32)
    link = L.DepthwiseConvolution2D(3, 2, (1, 2), nobias=True, initialW=W)
    assert link.b is None and [p for p, _ in link.namedparams()] == ['/W']
    numpy.testing.assert_array_equal(link.W.data, W)


@pytest.mark.parametrize('nobias', [False, True])
def test_lazy_in_channels_creates_weight_and_bias_on_first_call(nobias):
    link = L.DepthwiseConvolution2D(None, 2, 2, nobias=nobias)
    assert link.W is None and link.b is None
    x = _x(1, 3, 4, 4)
    y = link(chainer.Variable(x))
    assert link.W.shape == (2, 3, 2, 2) and y.shape == (1, 6, 3, 3)
    assert (link.b is None) == nobias
    numpy.testing.assert_allclose(
        y.data, F.depthwise_convolution_2d(x, link.W.data, link.b).data)


@pytest.mark.parametrize('nobias', [False, True])
def test_backward_reaches_every_param(nobias):
    link = L.DepthwiseConvolution2D(2, 2, 2, nobias=nobias)
    link_checks.check_backward(link, numpy.random.randn(2, 2, 3, 3),
                               numpy.random.randn(2, 4, 2, 2))


def test_serialization_and_copies(tmp_path):
    x = _x(1, 2, 3, 3)

    def call(link):
        return link(chainer.Variable(x))
    make = lambda: L.DepthwiseConvolution2D(2, 2, 2)  # noqa: E731
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)
