"""Bias and Scale: broadcast learnable parameters."""
import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
import link_checks


def _x(*shape):
    return numpy.random.uniform(-1, 1, shape).astype(numpy.float32)


def test_bias_forward_and_inputs():
    link = L.Bias(axis=1, shape=(3,))
    numpy.testing.assert_array_equal(link.b.data, 0)
    link.b.data[...] = [1, 2, 3]
    x = _x(2, 3, 4)
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data,
                                  F.bias(x, link.b.data, 1).data)
    free = L.Bias(axis=1)
    assert list(free.params()) == []
    y = free(chainer.Variable(x), chainer.Variable(link.b.data))
    numpy.testing.assert_allclose(y.data, x + link.b.data[:, None])
    with pytest.raises(TypeError, match='one input'):
        link(chainer.Variable(x), chainer.Variable(x))
    with pytest.raises(TypeError, match='two inputs'):
        free(chainer.Variable(x))


def test_scale_forward_with_bias_term():
    link = L.Scale(axis=1, W_shape=(3,), bias_term=True)
    numpy.testing.assert_array_equal(link.W.data, 1)
    link.W.data[...] = [1, -2, 3]
    link.bias.b.data[...] = [0.5, 0, -1]
    x = _x(2, 3, 4)
    expected = x * link.W.data[:, None] + link.bias.b.data[:, None]
    numpy.testing.assert_allclose(link(chainer.Variable(x)).data, expected, rtol=1e-6)
    assert sorted(p for p, _ in link.namedparams()) == ['/W', '/bias/b']


def test_scale_without_weight_param():
    link = L.Scale(axis=0, bias_term=True, bias_shape=(2,))
    x, w = _x(2, 3), _x(2)
    y = link(chainer.Variable(x), chainer.Variable(w))
    numpy.testing.assert_allclose(y.data, x * w[:, None], rtol=1e-6)
    with pytest.raises(ValueError, match='bias_shape'):
        L.Scale(bias_term=True)
    with pytest.raises(ValueError, match='W_shape'):
        L.Scale(W_shape=(-2,))
    with pytest.raises(ValueError, match='shape'):
        L.Bias(shape=(3, -1))


@pytest.mark.parametrize('make', [
    lambda: L.Scale(W_shape=(2.5,)), lambda: L.Bias(shape='x'),
    lambda: L.Bias(shape={})])
def test_non_integer_shape_raises_type_error_as_in_v1(make):
    # v1 passed the shape to numpy, which raises TypeError for such a shape.
    with pytest.raises(TypeError, match='shape'):
        make()


@pytest.mark.parametrize('make', [
    lambda: L.Bias(axis=1, shape=(3, 2)),
    lambda: L.Scale(axis=1, W_shape=(3, 2), bias_term=True)])
def test_backward_serialization_copies(make, tmp_path):
    x = numpy.random.randn(2, 3, 2, 2)
    link = make()
    link_checks.perturb(link)
    link_checks.check_backward(link, x, numpy.random.randn(*x.shape))
    x32 = x.astype(numpy.float32)

    def call(link):
        return link(chainer.Variable(x32))
    link_checks.check_serialization(make, call, tmp_path)
    link_checks.check_copies(make, call)


def test_mis_shaped_input():
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.Bias(shape=(3,))(chainer.Variable(_x(2, 4)))
    with pytest.raises(chainer.utils.type_check.InvalidType):
        L.Scale(W_shape=(3,))(chainer.Variable(_x(2, 4)))


@pytest.mark.parametrize('make,n_inputs', [
    (lambda: L.Bias(shape=(3,)), 2), (lambda: L.Bias(), 1),
    (lambda: L.Scale(W_shape=(3,)), 2), (lambda: L.Scale(), 1)])
def test_wrong_number_of_inputs_raises_assertion_error_as_in_v1(make, n_inputs):
    # v1 asserted the number of inputs; the error is also a TypeError here.
    inputs = [chainer.Variable(_x(2, 3))] * n_inputs
    with pytest.raises(AssertionError, match='input'):
        make()(*inputs)
    with pytest.raises(TypeError):
        make()(*inputs)
