"""Inception, InceptionBN and MLPConvolution2D: chains of convolutions."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def _conv(link, x, stride=1, pad=0):
    return F.convolution_2d(x, link.W.data, link.b, stride, pad).data


def test_inception_equals_its_paths():
    link = L.Inception(2, 1, 2, 3, 1, 2, 2)
    x = _x(2, 2, 4, 3)
    y = link(chainer.Variable(x))
    assert y.shape == (2, 1 + 3 + 2 + 2, 4, 3)
    relu = lambda a: numpy.maximum(a, 0)  # noqa: E731
    out1 = _conv(link.conv1, x)
    out3 = _conv(link.conv3, relu(_conv(link.proj3, x)), pad=1)
    out5 = _conv(link.conv5, relu(_conv(link.proj5, x)), pad=2)
    pool = _conv(link.projp, F.max_pooling_2d(x, 3, stride=1, pad=1).data)
    expected = relu(numpy.concatenate((out1, out3, out5, pool), axis=1))
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('pooltype,stride,out1,proj_pool', [
    ('max', 1, 2, 2), ('avg', 2, 0, None)])
def test_inceptionbn_shapes_and_modes(pooltype, stride, out1, proj_pool):
    link = L.InceptionBN(2, out1, 2, 3, 1, 2, pooltype, proj_pool=proj_pool,
                         stride=stride)
    x = _x(3, 2, 4, 4)
    y = link(chainer.Variable(x))
    channels = out1 + 3 + 2 + (proj_pool or 2)
    assert y.shape == (3, channels, 4 // stride, 4 // stride)
    assert link.proj3n.N == 0 and numpy.any(link.proj3n.avg_mean != 0)
    link.train = False
    mean = link.proj3n.avg_mean.copy()
    link(chainer.Variable(x))
    numpy.testing.assert_array_equal(link.proj3n.avg_mean, mean)
    assert (link.conv3.b is None) and hasattr(link, 'conv1') == (out1 > 0)


def test_inceptionbn_pooling_path_matches_function():
    link = L.InceptionBN(2, 0, 1, 1, 1, 1, 'avg', stride=1)
    x = _x(2, 2, 3, 3)
    y = link(chainer.Variable(x))
    numpy.testing.assert_allclose(
        y.data[:, 2:], F.average_pooling_2d(x, 3, stride=1, pad=1).data, rtol=1e-6)


def test_mlp_convolution_2d_equals_stacked_convolutions():
    link = L.MLPConvolution2D(2, (3, 4, 2), 3, pad=1)
    assert len(link) == 3 and link[1].W.shape == (4, 3, 1, 1)
    x = _x(2, 2, 4, 4)
    h = numpy.maximum(_conv(link[0], x, pad=1), 0)
    h = numpy.maximum(_conv(link[1], h), 0)
    expected = _conv(link[2], h)
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data, expected,
                                  rtol=1e-5, atol=1e-6)
    link = L.MLPConvolution2D(2, (3,), 1, activation=F.tanh, conv_init=0.5,
                              bias_init=1)
    numpy.testing.assert_array_equal(link[0].W.data, 0.5)
    numpy.testing.assert_array_equal(link[0].b.data, 1)


CASES = {
    'Inception': lambda: L.Inception(2, 1, 1, 1, 1, 1, 1),
    'InceptionBN': lambda: L.InceptionBN(2, 1, 1, 1, 1, 1, 'max', proj_pool=1),
    'MLPConvolution2D': lambda: L.MLPConvolution2D(2, (2, 1), 2),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_backward_reaches_every_param(name):
    link = CASES[name]()
    link_checks.perturb(link)
    x = numpy.random.randn(2, 2, 3, 3)
    y_shape = link(chainer.Variable(x.astype(numpy.float32))).shape
    link_checks.check_backward(link, x, numpy.random.randn(*y_shape), atol=1e-3,
                               rtol=1e-3)


@pytest.mark.parametrize('name', sorted(CASES))
def test_serialization_and_copies(name, tmp_path):
    x = _x(2, 2, 3, 3)

    def call(link):
        link.train = False   # InceptionBN: statistics fixed while comparing
        return link(chainer.Variable(x))
    link_checks.check_serialization(CASES[name], call, tmp_path)
    link_checks.check_copies(CASES[name], call)


@pytest.mark.parametrize('make,exc,match', [
    (lambda: L.InceptionBN(2, 1, 1, 1, 1, 1, 'sum'), ValueError, 'pooltype'),
    (lambda: L.InceptionBN(2, 1, 1, 1, 1, 1, 'max', stride=2), ValueError, 'stride'),
    (lambda: L.InceptionBN(2, -1, 1, 1, 1, 1, 'max'), ValueError, 'out1'),
    (lambda: L.Inception(2, 0, 1, 1, 1, 1, 1), ValueError, 'out_channels'),
    (lambda: L.MLPConvolution2D(2, (), 3), ValueError, 'out_channels'),
    (lambda: L.MLPConvolution2D(2, (1,), 3, activation=None), TypeError,
     'activation'),
])
def test_bad_constructor_arguments(make, exc, match):
    with pytest.raises(exc, match=match):
        make()


def test_mis_shaped_input():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        CASES['Inception']()(chainer.Variable(_x(1, 3, 3, 3)))


@pytest.mark.parametrize('make', [
    lambda: L.InceptionBN(2, 1, 1, 1, 1, 1, 'max'),
    lambda: L.InceptionBN(2, 1, 1, 1, 1, 1, 'avg', proj_pool=1, stride=2),
    lambda: L.MLPConvolution2D(2, (), 3)])
def test_unsupported_architecture_raises_assertion_error_as_in_v1(make):
    # v1 asserted these (InceptionBN's 1x1 path needs stride 1 and a pooling
    # projection; MLPConvolution2D needs a layer); the error is also a ValueError.
    with pytest.raises(AssertionError):
        make()
    with pytest.raises(ValueError):
        make()


def test_inceptionbn_unknown_pooltype_raises_not_implemented_error_as_in_v1():
    with pytest.raises(NotImplementedError, match='pooltype'):
        L.InceptionBN(2, 1, 1, 1, 1, 1, 'sum', proj_pool=1)
