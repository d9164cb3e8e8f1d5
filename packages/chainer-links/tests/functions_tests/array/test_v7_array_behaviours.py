"""v7 behaviours of v1 array functions: resize_images modes, where broadcasting,
no-op reshape/broadcast_to/cast, copy to device specifiers."""
import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import cuda


def test_resize_images_nearest():
    x = numpy.arange(6.).reshape(1, 1, 2, 3)
    y = F.resize_images(x, (4, 6), mode='nearest')
    expected = x[:, :, [0, 0, 1, 1]][:, :, :, [0, 0, 1, 1, 2, 2]]
    numpy.testing.assert_array_equal(y.data, expected)


def test_resize_images_pixel_centres():
    # align_corners=False: output row i samples max((i + .5) * h / out_h - .5, 0).
    x = numpy.array([0., 4.]).reshape(1, 1, 2, 1)
    y = F.resize_images(x, (4, 1), align_corners=False)
    numpy.testing.assert_allclose(y.data.ravel(), [0., 1., 3., 4.])


def test_resize_images_default_aligns_corners():
    x = numpy.array([0., 4.]).reshape(1, 1, 2, 1)
    y = F.resize_images(x, (5, 1))
    numpy.testing.assert_allclose(y.data.ravel(), [0., 1., 2., 3., 4.])


def test_resize_images_bad_mode():
    with pytest.raises(ValueError):
        F.resize_images(numpy.zeros((1, 1, 2, 2)), (3, 3), mode='cubic')


def test_where_broadcasts(rng, check_backward):
    c = rng.uniform(-1, 1, (3, 1, 1)) > 0
    x = rng.uniform(-1, 1, (4,))
    y = rng.uniform(-1, 1, (2, 1))
    z = F.where(c, x, y)
    numpy.testing.assert_array_equal(z.data, numpy.where(c, x, y))
    check_backward(lambda x, y: F.where(c, x, y), (x, y), rng.uniform(-1, 1, (3, 2, 4)))


def test_noop_reshape_and_broadcast_to_return_the_input():
    x = chainer.Variable(numpy.ones((2, 3)))
    assert F.reshape(x, (2, 3)) is x
    assert F.broadcast_to(x, (2, 3)) is x
    a = numpy.ones((2, 3))
    assert F.reshape(a, (2, 3)).data is a
    assert F.reshape(x, (3, 2)).creator is not None


def test_noop_cast_without_backprop_returns_the_input():
    x = chainer.Variable(numpy.ones(2, numpy.float32))
    with chainer.using_config('enable_backprop', False):
        assert F.cast(x, numpy.float32) is x
    assert F.cast(x, numpy.float32) is not x


def test_copy_to_device_specifiers():
    x = chainer.Variable(numpy.arange(3.))
    for dst in ('@numpy', chainer.get_device('@numpy'), -1, cuda.DummyDevice):
        y = F.copy(x, dst)
        numpy.testing.assert_array_equal(y.data, x.data)
        assert y.data is not x.data
