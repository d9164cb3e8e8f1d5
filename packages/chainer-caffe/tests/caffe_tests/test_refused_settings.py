"""Layer settings that Chainer v1 and v7 refused with RuntimeError are refused the same
way (with or without tops), naming the layer and the setting; an Eltwise SUM with the
wrong number of coefficients loads and fails when it is called, as in v1."""
import numpy
import pytest

import chainer
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets

W = numpy.ones((2, 3), numpy.float32)

REFUSED = [
    ('InnerProduct', dict(inner_product_param=dict(num_output=2, axis=0)), [W],
     'axis 0'),
    ('InnerProduct', dict(inner_product_param=dict(num_output=2, axis=-1)), [W],
     'axis -1'),
    ('LRN', dict(lrn_param=dict(norm_region=1)), [], 'WITHIN_CHANNEL'),
    ('Pooling', dict(pooling_param=dict(pool=2, kernel_size=2)), [], 'STOCHASTIC'),
    ('Softmax', dict(softmax_param=dict(axis=0)), [], 'axis 0'),
    ('SoftmaxWithLoss', dict(softmax_param=dict(axis=2)), [], 'axis 2'),
]


@pytest.mark.parametrize('with_tops', [True, False])
@pytest.mark.parametrize('layer_type,params,blobs,setting', REFUSED)
def test_refused_with_runtime_error_naming_layer_and_setting(
        tmp_path, layer_type, params, blobs, setting, with_tops):
    net = _nets.Net({})
    net.layer('odd', layer_type, 'x' if with_tops else [], 'y' if with_tops else [],
              blobs=blobs, **params)
    with pytest.raises(RuntimeError) as info:
        CaffeFunction(net.save(tmp_path / 'net.caffemodel'))
    message = str(info.value)
    assert "'odd' ({})".format(layer_type) in message
    assert setting in message


@pytest.mark.parametrize('layer_type,params,blobs', [
    ('InnerProduct', dict(inner_product_param=dict(num_output=2, axis=1,
                                                   bias_term=False)),
     [numpy.ones((2, 6), numpy.float32)]),
    ('LRN', dict(lrn_param=dict(norm_region=0, local_size=3)), []),
    ('Pooling', dict(pooling_param=dict(pool=1, kernel_size=1)), []),
    ('Softmax', dict(softmax_param=dict(axis=1)), []),
])
def test_default_settings_load(tmp_path, layer_type, params, blobs):
    net = _nets.Net({})
    net.layer('ok', layer_type, 'x', 'y', blobs=blobs, **params)
    func = CaffeFunction(net.save(tmp_path / 'net.caffemodel'))
    assert func.layers == [('ok', ['x'], ['y'])]
    x = chainer.Variable(numpy.arange(6, dtype=numpy.float32).reshape(1, 3, 2, 1))
    y, = func({'x': x}, ['y'])
    assert y.shape[0] == 1


def test_eltwise_sum_with_wrong_coefficient_count_fails_when_called(tmp_path):
    net = _nets.Net({})
    net.layer('sum', 'Eltwise', ['a', 'b', 'c'], 'y',
              eltwise_param=dict(operation=1, coeff=[0.5, 2.0]))
    with pytest.warns(UserWarning, match="'sum'.*2 coefficients for 3 bottoms"):
        func = CaffeFunction(net.save(tmp_path / 'net.caffemodel'))
    assert func.layers == [('sum', ['a', 'b', 'c'], ['y'])]
    xs = {k: chainer.Variable(numpy.ones((2, 3), numpy.float32)) for k in 'abc'}
    with pytest.raises(AssertionError, match='2 coefficients for 3 bottoms'):
        func(xs, ['y'])
    with pytest.raises(ValueError):  # the same error is a ValueError too
        func(xs, ['y'])
