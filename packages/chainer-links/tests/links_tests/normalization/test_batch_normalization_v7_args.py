"""v5+ arguments of L.BatchNormalization: axis, a lazy size, initial statistics,
dtype from the configuration."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer import initializers
from chainer import serializers
from chainer import testing


def test_size_is_inferred_from_the_first_input_with_axis():
    link = L.BatchNormalization(axis=(0, 2))
    assert link.avg_mean is None and link.gamma.array is None
    x = numpy.random.randn(4, 3, 2).astype(numpy.float32)
    y = link(x)
    assert link.avg_mean.shape == link.gamma.shape == (3,)
    expected = (x - x.mean(axis=(0, 2), keepdims=True)) / numpy.sqrt(
        x.var(axis=(0, 2), keepdims=True) + 2e-5)
    testing.assert_allclose(y.array, expected, atol=1e-4, rtol=1e-4)


def test_axis_keeps_several_axes():
    link = L.BatchNormalization(axis=0)
    link(numpy.random.randn(5, 3, 2).astype(numpy.float32))
    assert link.avg_var.shape == (3, 2)


def test_without_size_or_axis_is_an_error():
    with pytest.raises(RuntimeError):
        L.BatchNormalization()


def test_unused_gamma_is_none_with_axis():
    link = L.BatchNormalization(axis=0, use_gamma=False)
    assert link.gamma is None
    link(numpy.ones((2, 3), numpy.float32))
    assert link.gamma is None and link.beta.shape == (3,)


def test_unused_gamma_is_no_attribute_in_v1_calls():
    link = L.BatchNormalization(3, use_gamma=False)
    assert not hasattr(link, 'gamma')


def test_initial_statistics():
    link = L.BatchNormalization(3, initial_avg_mean=numpy.array([1., 2., 3.]),
                                initial_avg_var=initializers.Constant(4))
    testing.assert_allclose(link.avg_mean, [1, 2, 3])
    testing.assert_allclose(link.avg_var, [4, 4, 4])
    assert link.avg_mean.dtype == numpy.float32
    with chainer.using_config('train', False):
        y = link(numpy.full((2, 3), 5, numpy.float32))
    testing.assert_allclose(y.array, numpy.tile([2, 1.5, 1], (2, 1)), rtol=1e-4)


def test_default_statistics_are_zero_mean_unit_variance():
    link = L.BatchNormalization(2)
    testing.assert_allclose(link.avg_mean, [0, 0])
    testing.assert_allclose(link.avg_var, [1, 1])


@pytest.mark.parametrize('config_dtype,param_dtype', [
    (numpy.float16, numpy.float16), (chainer.mixed16, numpy.float32)])
def test_dtype_follows_the_configuration(config_dtype, param_dtype):
    with chainer.using_config('dtype', config_dtype):
        link = L.BatchNormalization(3)
    assert link.gamma.dtype == param_dtype and link.avg_var.dtype == param_dtype
    y = link(numpy.random.randn(4, 3).astype(numpy.float16))
    assert y.dtype == numpy.float16


def test_v7_positional_axis():
    link = L.BatchNormalization(None, 0.9, 2e-5, None, True, True, None, None, 0)
    assert link.axis == 0 and link.use_cudnn is None


def test_lazily_sized_link_serializes():
    link = L.BatchNormalization(axis=0)
    link(numpy.random.randn(4, 3).astype(numpy.float32))
    target = {}
    link.serialize(serializers.DictionarySerializer(target))
    other = L.BatchNormalization(axis=0)
    other.serialize(serializers.NpzDeserializer(target))
    testing.assert_allclose(other.avg_mean, link.avg_mean)
    testing.assert_allclose(other.gamma.array, link.gamma.array)
