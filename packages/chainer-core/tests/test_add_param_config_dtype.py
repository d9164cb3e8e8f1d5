"""Link.add_param with an initializer makes the parameter in chainer.config.dtype
(v4+), unless a dtype other than the default float32 or the initializer's own
dtype says otherwise; without an initializer it is float32 NaN, as in v1 and v7."""
import numpy
import pytest

import chainer
from chainer import initializers


def _param(**kwargs):
    link = chainer.Link()
    link.add_param('w', (2, 3), **kwargs)
    return link.w


@pytest.mark.parametrize('config,expected', [
    (numpy.float32, numpy.float32), (numpy.float16, numpy.float16),
    (numpy.float64, numpy.float64), (chainer.mixed16, numpy.float16)])
def test_an_initializer_without_dtype_follows_the_config(config, expected):
    with chainer.using_config('dtype', config):
        w = _param(initializer=initializers.Normal(1.0))
        assert w.dtype == expected
        assert _param(initializer=2.0).dtype == expected  # a scalar is a Constant
        assert _param().dtype == numpy.float32 and numpy.isnan(_param().data).all()


def test_an_explicit_dtype_or_the_initializer_dtype_wins():
    with chainer.using_config('dtype', numpy.float16):
        assert _param(dtype=numpy.float64, initializer=initializers.One()).dtype == \
            numpy.float64
        assert _param(initializer=initializers.One(dtype=numpy.float64)).dtype == \
            numpy.float64
        array = numpy.ones((2, 3), numpy.float64)
        w = _param(initializer=array)  # an array is cast to the parameter's dtype
        assert w.dtype == numpy.float32 and (w.data == 1).all()
