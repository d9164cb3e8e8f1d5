import numpy
import pytest

import chainer
import chainer.functions as F
import chainer.links as L
from chainer import serializers
from chainer import testing


def test_lazy_size_and_forward():
    link = L.GroupNormalization(2)
    assert link.gamma.array is None
    x = numpy.random.randn(3, 4, 5).astype(numpy.float32)
    y = link(x)
    assert link.gamma.shape == (4,) and link.beta.shape == (4,)
    expected = F.group_normalization(x, 2, numpy.ones(4, numpy.float32),
                                     numpy.zeros(4, numpy.float32), 1e-5)
    testing.assert_allclose(y.data, expected.data)


def test_initializers_and_gradients():
    link = L.GroupNormalization(1, 3, initial_gamma=2, initial_beta=numpy.arange(3.))
    testing.assert_allclose(link.gamma.data, [2, 2, 2])
    testing.assert_allclose(link.beta.data, [0, 1, 2])
    y = link(numpy.random.randn(2, 3).astype(numpy.float32))
    F.sum(y * y).backward()
    assert link.gamma.grad.shape == (3,)


def test_mixed16_keeps_parameters_in_float32():
    with chainer.using_config('dtype', chainer.mixed16):
        link = L.GroupNormalization(2, 4)
    assert link.gamma.dtype == numpy.float32
    y = link(numpy.random.randn(2, 4).astype(numpy.float16))
    assert y.dtype == numpy.float16


def test_bad_input():
    with pytest.raises(ValueError):
        L.GroupNormalization(2)(numpy.zeros(4, numpy.float32))
    with pytest.raises(ValueError):
        L.GroupNormalization(3)(numpy.zeros((2, 4), numpy.float32))


def test_serialization_round_trip():
    link = L.GroupNormalization(2, 4, initial_gamma=numpy.arange(4.))
    target = {}
    link.serialize(serializers.DictionarySerializer(target))
    other = L.GroupNormalization(2, 4)
    other.serialize(serializers.NpzDeserializer(target))
    testing.assert_allclose(other.gamma.data, [0, 1, 2, 3])
