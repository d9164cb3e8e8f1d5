"""Convolution2D, DilatedConvolution2D, Deconvolution2D, ConvolutionND and
DeconvolutionND: the same checks, one table of cases."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks

# name: (make link, input shape, function applied to (x, W, b), W shape)
CASES = {
    'Convolution2D': (
        lambda **kw: L.Convolution2D(2, 3, 3, stride=2, pad=1, **kw), (2, 2, 5, 4),
        lambda x, W, b: F.convolution_2d(x, W, b, 2, 1), (3, 2, 3, 3)),
    'DilatedConvolution2D': (
        lambda **kw: L.DilatedConvolution2D(2, 3, 2, pad=1, dilate=2, **kw),
        (2, 2, 5, 4),
        lambda x, W, b: F.dilated_convolution_2d(x, W, b, 1, 1, 2), (3, 2, 2, 2)),
    'Deconvolution2D': (
        lambda **kw: L.Deconvolution2D(2, 3, 3, stride=2, pad=1, **kw), (2, 2, 3, 2),
        lambda x, W, b: F.deconvolution_2d(x, W, b, 2, 1), (2, 3, 3, 3)),
    'ConvolutionND': (
        # v1's ConvolutionND has a bias only when initial_bias is given.
        lambda **kw: L.ConvolutionND(3, 2, 3, 2, stride=1, pad=(0, 1, 0),
                                     **dict(dict(initial_bias=0), **kw)),
        (1, 2, 3, 2, 3),
        lambda x, W, b: F.convolution_nd(x, W, b, 1, (0, 1, 0)), (3, 2, 2, 2, 2)),
    'DeconvolutionND': (
        lambda **kw: L.DeconvolutionND(1, 2, 3, 3, stride=2, **kw), (2, 2, 3),
        lambda x, W, b: F.deconvolution_nd(x, W, b, 2), (2, 3, 3)),
}
NAMES = sorted(CASES)


def _input(shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


@pytest.mark.parametrize('name', NAMES)
def test_forward_equals_function_on_params(name):
    make, shape, func, W_shape = CASES[name]
    link = make()
    assert link.W.shape == W_shape and link.b.shape == (W_shape[0 if 'De' not in name
                                                                else 1],)
    link.b.data[...] = numpy.random.randn(*link.b.shape)
    x = _input(shape)
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data,
                                  func(x, link.W.data, link.b.data).data, rtol=1e-6)


@pytest.mark.parametrize('name', NAMES)
def test_nobias_and_initial_values(name):
    make, shape, func, W_shape = CASES[name]
    link = make(nobias=True)
    assert link.b is None and [p for p, _ in link.namedparams()] == ['/W']
    x = _input(shape)
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data,
                                  func(x, link.W.data, None).data, rtol=1e-6)
    W = numpy.random.randn(*W_shape).astype(numpy.float32)
    link = make(initialW=W, initial_bias=2)
    numpy.testing.assert_array_equal(link.W.data, W)
    numpy.testing.assert_array_equal(link.b.data, 2)


@pytest.mark.parametrize('make,func', [
    (lambda: L.ConvolutionND(2, 2, 3, 2), F.convolution_nd),
    (lambda: L.DeconvolutionND(2, 2, 3, 2, initial_bias=None), F.deconvolution_nd)])
def test_nd_link_without_initial_bias_has_no_bias_as_in_v1(make, func):
    link = make()
    assert link.b is None and [p for p, _ in link.namedparams()] == ['/W']
    x = _input((1, 2, 3, 3))
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data,
                                  func(x, link.W.data, None).data, rtol=1e-6)


@pytest.mark.parametrize('name', NAMES)
def test_backward_reaches_every_param(name):
    make, shape, _, _ = CASES[name]
    link = make()
    x = numpy.random.uniform(-1, 1, shape)
    y_shape = link(chainer.Variable(x.astype(numpy.float32))).shape
    link_checks.check_backward(link, x, numpy.random.randn(*y_shape))


@pytest.mark.parametrize('name', NAMES)
def test_serialization_and_copies(name, tmp_path):
    make, shape, _, _ = CASES[name]
    x = _input(shape)

    def call(link):
        return link(chainer.Variable(x))
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)


@pytest.mark.parametrize('make', [
    lambda: L.Convolution2D(None, 3, 3, pad=1),
    lambda: L.DilatedConvolution2D(None, 3, 3, pad=2, dilate=2),
    lambda: L.Deconvolution2D(None, 3, 3, pad=1)])
def test_lazy_in_channels(make):
    link = make()
    assert isinstance(link.W, chainer.Parameter) and link.W.data is None
    y = link(chainer.Variable(_input((2, 4, 5, 5))))
    assert 4 in link.W.shape[:2] and y.shape == (2, 3, 5, 5)


def test_default_weight_scales():
    # Convolution: N(0, wscale / (c_I k_H k_W)); deconvolution: the same deviation
    # with c_I on the first axis of W.
    W = L.Convolution2D(20, 30, 3, wscale=2).W.data
    assert abs(W.std() - numpy.sqrt(2 / 180.)) < 0.01
    W = L.Deconvolution2D(20, 4, 3).W.data
    assert abs(W.std() - numpy.sqrt(1 / 180.)) < 0.01
    W = L.DeconvolutionND(1, 50, 2, 4).W.data
    assert abs(W.std() - numpy.sqrt(1 / 200.)) < 0.01


def test_deconvolution_outsize():
    link = L.Deconvolution2D(2, 3, 3, stride=2, pad=1, outsize=(6, 4))
    y = link(chainer.Variable(_input((1, 2, 3, 2))))
    assert y.shape == (1, 3, 6, 4)
    link = L.DeconvolutionND(1, 2, 3, 3, stride=2, outsize=(8,))
    assert link(chainer.Variable(_input((1, 2, 3)))).shape == (1, 3, 8)


@pytest.mark.parametrize('make,match', [
    (lambda: L.Convolution2D(2, 0, 3), 'out_channels'),
    (lambda: L.Convolution2D(2, 3, (3, 3, 3)), 'ksize'),
    (lambda: L.Convolution2D(2, 3, 3, stride=0), 'stride'),
    (lambda: L.Convolution2D(2, 3, 3, pad=-1), 'pad'),
    (lambda: L.DilatedConvolution2D(2, 3, 3, dilate=0), 'dilate'),
    (lambda: L.Deconvolution2D(2, 3, 3, outsize=(1,)), 'outsize'),
    (lambda: L.ConvolutionND(0, 2, 3, 3), 'ndim'),
    (lambda: L.ConvolutionND(2, 2, 3, (3, 3, 3)), 'ksize'),
    (lambda: L.DeconvolutionND(2, -2, 3, 3), 'in_channels'),
])
def test_bad_constructor_arguments(make, match):
    with pytest.raises(ValueError, match=match):
        make()


@pytest.mark.parametrize('name', NAMES)
def test_mis_shaped_input(name):
    make, shape, _, _ = CASES[name]
    bad = (shape[0], shape[1] + 1) + shape[2:]
    with pytest.raises(chainer.utils.type_check.InvalidType):
        make()(chainer.Variable(_input(bad)))


@pytest.mark.parametrize('name', NAMES)
def test_constructor_arguments_are_attributes_as_in_v1(name):
    make, _, _, W_shape = CASES[name]
    W = numpy.ones(W_shape, dtype=numpy.float32)
    link = make(initialW=W)
    out_channels = W_shape[1 if 'De' in name else 0]
    assert link.out_channels == out_channels and link.initialW is W
    assert link.wscale == 1


def test_deconvolution_2d_initial_bias_of_wrong_shape_raises_assertion_error_as_in_v1():
    with pytest.raises(AssertionError, match='initial_bias'):
        L.Deconvolution2D(2, 3, 3, initial_bias=numpy.zeros(4, numpy.float32))
    link = L.Deconvolution2D(2, 3, 3, initial_bias=numpy.float32(2))
    numpy.testing.assert_array_equal(link.b.data, 2)
