"""v2+ arguments of L.Maxout (callable initializers of the maxout shape, array shapes
checked, chainer.config.dtype) and the mask shapes of L.SimplifiedDropconnect."""
import numpy
import pytest

import chainer
import chainer.links as L
from chainer.utils import type_check


@pytest.mark.parametrize('dtype', [numpy.float16, numpy.float32, numpy.float64])
def test_maxout_parameters_take_config_dtype_and_callables_fill_the_maxout_shape(dtype):
    seen = []

    def fill_w(array):
        seen.append((array.shape, array.dtype))
        array[...] = numpy.arange(array.size).reshape(array.shape)

    def fill_b(array):
        seen.append((array.shape, array.dtype))
        array.fill(2.0)

    with chainer.using_config('dtype', dtype):
        link = L.Maxout(2, 3, 4, initialW=fill_w, initial_bias=fill_b)
    assert seen == [((3, 4, 2), numpy.dtype(dtype)), ((3, 4), numpy.dtype(dtype))]
    assert link.linear.W.dtype == dtype and link.linear.b.dtype == dtype
    numpy.testing.assert_array_equal(link.linear.W.data,
                                     numpy.arange(24).reshape(12, 2))
    numpy.testing.assert_array_equal(link.linear.b.data, numpy.full(12, 2.0))


def test_linear_follows_config_dtype_and_mixed16_gives_float16():
    with chainer.using_config('dtype', numpy.float16):
        link = L.Linear(2, 3)
        lazy = L.Linear(None, 3)
        lazy(numpy.ones((1, 2), numpy.float16))
    assert link.W.dtype == link.b.dtype == numpy.float16
    assert lazy.W.dtype == numpy.float16
    with chainer.using_config('dtype', chainer.mixed16):
        # float16 as in v6+ (the optimizer keeps float32 masters with use_fp32_update);
        # a float16 input then meets float16 parameters
        mixed = L.Linear(2, 3)
        assert mixed.W.dtype == mixed.b.dtype == numpy.float16
        assert mixed(numpy.ones((1, 2), numpy.float16)).dtype == numpy.float16
    assert L.Linear(2, 3).W.dtype == numpy.float32  # the default, as in v1


@pytest.mark.parametrize('w_shape', [(3, 4, 2), (12, 2)])
def test_maxout_array_initial_weight_of_either_shape(w_shape):
    W = numpy.arange(24, dtype=numpy.float32).reshape(w_shape)
    b = numpy.arange(12, dtype=numpy.float32).reshape((3, 4) if len(w_shape) == 3 else 12)
    link = L.Maxout(2, 3, 4, initialW=W, initial_bias=b)
    numpy.testing.assert_array_equal(link.linear.W.data, W.reshape(12, 2))
    numpy.testing.assert_array_equal(link.linear.b.data, b.reshape(12))


@pytest.mark.parametrize('kwargs', [
    {'initialW': numpy.zeros((3, 4, 2, 1), numpy.float32)},
    {'initialW': numpy.zeros((3, 4, 3), numpy.float32)},
    {'initial_bias': numpy.zeros((3, 4, 1), numpy.float32)},
    {'initial_bias': numpy.zeros((3, 5), numpy.float32)},
])
def test_maxout_mis_shaped_arrays_raise_value_error(kwargs):
    with pytest.raises(ValueError):
        L.Maxout(2, 3, 4, **kwargs)


@pytest.mark.parametrize('mask_shape,batchwise', [
    ((4, 2, 3), True), ((2, 3), True), ((2, 3), False), ((4, 2, 3), False)])
def test_dropconnect_takes_a_mask_per_sample_or_for_the_batch(mask_shape, batchwise):
    link = L.SimplifiedDropconnect(3, 2)
    x = numpy.random.RandomState(0).uniform(-1, 1, (4, 3)).astype(numpy.float32)
    mask = numpy.ones(mask_shape, numpy.float32)
    y = link(x, use_batchwise_mask=batchwise, mask=mask)
    expected = x @ (link.W.data * 2).T + link.b.data  # ratio .5: kept weights x2
    numpy.testing.assert_allclose(y.data, expected, rtol=1e-5)


@pytest.mark.parametrize('mask_shape,batchwise', [
    ((3, 2), True), ((4, 3, 2), False), ((5, 2, 3), True), ((2, 3, 1), True)])
def test_dropconnect_mask_of_another_shape_raises_invalid_type(mask_shape, batchwise):
    link = L.SimplifiedDropconnect(3, 2)
    x = numpy.zeros((4, 3), numpy.float32)
    with pytest.raises(type_check.InvalidType):
        link(x, use_batchwise_mask=batchwise, mask=numpy.ones(mask_shape, numpy.float32))
