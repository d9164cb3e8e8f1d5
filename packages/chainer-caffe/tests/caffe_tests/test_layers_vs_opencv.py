"""One small net per supported layer type and configuration, run by CaffeFunction
(TEST phase) and by OpenCV's Caffe importer on the same weights; outputs agree to
1e-4 relative. Configurations OpenCV does not honour (legacy concat_dim,
InnerProduct transpose) and the TRAIN phase are checked against numpy in
test_layers_vs_numpy.py."""
import numpy
import pytest

import chainer
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets

CASES = {}


def case(name):
    def wrap(f):
        CASES[name] = f
        return f
    return wrap


def _conv(net, bottom, top, n_out, c_in, kh, kw, group=1, bias=True, **param):
    blobs = [net.randn(n_out, c_in // group, kh, kw)]
    if bias:
        blobs.append(net.randn(n_out))
    param.update(num_output=n_out, group=group, bias_term=bias)
    net.layer(top, 'Convolution', bottom, top, blobs=blobs, convolution_param=param)


# Convolution ----------------------------------------------------------------------

@case('conv_scalar_params')
def _(net):
    _conv(net, 'data', 'out', 4, 3, 3, 3, kernel_size=[3], stride=[2], pad=[1])


@case('conv_h_w_params')
def _(net):
    _conv(net, 'data', 'out', 4, 3, 3, 2, kernel_h=3, kernel_w=2, stride_h=2, stride_w=1,
          pad_h=1, pad_w=0)


@case('conv_pair_repeated_params')
def _(net):
    _conv(net, 'data', 'out', 4, 3, 1, 3, kernel_size=[1, 3], stride=[1, 2], pad=[0, 1])


@case('conv_group_no_bias')
def _(net):
    net.inputs['data'] = (2, 4, 7, 8)
    _conv(net, 'data', 'out', 6, 4, 3, 3, group=2, bias=False, kernel_size=[3])


@case('conv_dilation')
def _(net):
    _conv(net, 'data', 'out', 4, 3, 3, 3, kernel_size=[3], dilation=[2], pad=[2])


@case('deconv')
def _(net):
    net.layer('out', 'Deconvolution', 'data', 'out', blobs=[net.randn(3, 4, 4, 4),
                                                           net.randn(4)],
              convolution_param=dict(num_output=4, kernel_size=[4], stride=[2], pad=[1]))


@case('deconv_no_bias_h_w')
def _(net):
    net.layer('out', 'Deconvolution', 'data', 'out', blobs=[net.randn(3, 2, 3, 2)],
              convolution_param=dict(num_output=2, kernel_h=3, kernel_w=2, stride_h=2,
                                     stride_w=1, bias_term=False))


@case('deconv_group')
def _(net):
    net.inputs['data'] = (2, 4, 5, 6)
    net.layer('out', 'Deconvolution', 'data', 'out', blobs=[net.randn(4, 3, 3, 3),
                                                           net.randn(6)],
              convolution_param=dict(num_output=6, kernel_size=[3], stride=[2], group=2))


# InnerProduct --------------------------------------------------------------------

@case('inner_product')
def _(net):
    net.layer('out', 'InnerProduct', 'data', 'out', blobs=[net.randn(5, 3 * 7 * 8),
                                                           net.randn(5)],
              inner_product_param=dict(num_output=5))


@case('inner_product_no_bias_then_second')
def _(net):
    net.layer('fc1', 'InnerProduct', 'data', 'fc1', blobs=[net.randn(6, 3 * 7 * 8)],
              inner_product_param=dict(num_output=6, bias_term=False))
    net.layer('out', 'InnerProduct', 'fc1', 'out', blobs=[net.randn(2, 6), net.randn(2)],
              inner_product_param=dict(num_output=2))


# Pooling ---------------------------------------------------------------------------

def _pool(net, **param):
    net.layer('out', 'Pooling', 'data', 'out', pooling_param=param)


@case('max_pool_ceil')
def _(net):
    _pool(net, pool=0, kernel_size=3, stride=2)


@case('max_pool_pad_last_window_dropped')
def _(net):
    # H=7, k=2, s=2, p=1: ceil(7/2)+1 = 5, but the 5th window would start at 8-1=7 = H.
    _pool(net, pool=0, kernel_size=2, stride=2, pad=1)


@case('ave_pool_pad')
def _(net):
    _pool(net, pool=1, kernel_size=3, stride=2, pad=1)


@case('ave_pool_overhang')
def _(net):
    _pool(net, pool=1, kernel_size=3, stride=2)


@case('ave_pool_h_w')
def _(net):
    _pool(net, pool=1, kernel_h=3, kernel_w=2, stride_h=2, stride_w=3, pad_h=1, pad_w=1)


@case('max_pool_h_w')
def _(net):
    _pool(net, pool=0, kernel_h=2, kernel_w=3, stride_h=1, stride_w=2, pad_h=1, pad_w=0)


@case('global_ave_pool')
def _(net):
    _pool(net, pool=1, global_pooling=True)


@case('global_max_pool')
def _(net):
    _pool(net, pool=0, global_pooling=True)


# Normalization ---------------------------------------------------------------------

@case('lrn_across_channels')
def _(net):
    net.inputs['data'] = (2, 7, 5, 4)
    net.layer('out', 'LRN', 'data', 'out',
              lrn_param=dict(local_size=5, alpha=0.3, beta=0.75, k=1))


@case('batch_norm_scale_factor_and_scale_bias')
def _(net):
    mean, var = net.randn(3), numpy.abs(net.randn(3)) + 0.5
    net.layer('bn', 'BatchNorm', 'data', 'data',
              blobs=[mean * 2.5, var * 2.5, numpy.array([2.5], numpy.float32)],
              batch_norm_param=dict(use_global_stats=True))
    net.layer('out', 'Scale', 'data', 'data', blobs=[net.randn(3), net.randn(3)],
              scale_param=dict(bias_term=True))


@case('batch_norm_eps_default_phase')
def _(net):
    # No use_global_stats: Caffe's TEST phase uses the stored averages.
    net.layer('out', 'BatchNorm', 'data', 'out',
              blobs=[net.randn(3), numpy.abs(net.randn(3)) + 0.1,
                     numpy.array([1.0], numpy.float32)],
              batch_norm_param=dict(eps=1e-3))


@case('scale_no_bias')
def _(net):
    net.layer('out', 'Scale', 'data', 'out', blobs=[net.randn(3)])


# Activations -----------------------------------------------------------------------

@case('relu_negative_slope')
def _(net):
    net.layer('out', 'ReLU', 'data', 'out', relu_param=dict(negative_slope=0.1))


@case('relu')
def _(net):
    net.layer('out', 'ReLU', 'data', 'out')


@case('prelu')
def _(net):
    net.layer('out', 'PReLU', 'data', 'out', blobs=[net.randn(3)])


@case('prelu_channel_shared')
def _(net):
    net.layer('out', 'PReLU', 'data', 'out', blobs=[numpy.array([0.3], numpy.float32)],
              prelu_param=dict(channel_shared=True))


@case('elu')
def _(net):
    net.layer('out', 'ELU', 'data', 'out', elu_param=dict(alpha=0.5))


@case('sigmoid_tanh')
def _(net):
    net.layer('s', 'Sigmoid', 'data', 's')
    net.layer('out', 'TanH', 's', 'out')


@case('power')
def _(net):
    net.layer('out', 'Power', 'data', 'out', power_param=dict(power=2, scale=0.5, shift=1))


@case('power_cube_of_sigmoid')
def _(net):
    net.layer('s', 'Sigmoid', 'data', 's')
    net.layer('out', 'Power', 's', 'out', power_param=dict(power=1.5, shift=0.2))


@case('softmax')
def _(net):
    net.layer('out', 'Softmax', 'data', 'out')


@case('dropout_is_identity_in_test')
def _(net):
    net.layer('out', 'Dropout', 'data', 'out', dropout_param=dict(dropout_ratio=0.3))


# Blob shaping and elementwise --------------------------------------------------------

@case('concat')
def _(net):
    net.layer('r', 'ReLU', 'data', 'r')
    net.layer('out', 'Concat', ['data', 'r'], 'out')


@case('concat_axis')
def _(net):
    net.layer('r', 'ReLU', 'data', 'r')
    net.layer('out', 'Concat', ['data', 'r', 'data'], 'out', concat_param=dict(axis=2))


@case('slice_points_split_eltwise')
def _(net):
    net.inputs['data'] = (2, 5, 4, 3)
    net.layer('slice', 'Slice', 'data', ['a', 'b', 'c'],
              slice_param=dict(axis=1, slice_point=[1, 3]))
    net.layer('split', 'Split', 'b', ['b1', 'b2'])
    net.layer('sig', 'Sigmoid', 'b1', 'b1s')
    net.layer('prod', 'Eltwise', ['b1s', 'b2'], 'p', eltwise_param=dict(operation=0))
    net.layer('sum', 'Eltwise', ['p', 'b2'], 's',
              eltwise_param=dict(operation=1, coeff=[0.5, -2.0]))
    net.layer('out', 'Eltwise', ['s', 'c', 'b1'], 'out', eltwise_param=dict(operation=2))


@case('slice_equal_parts')
def _(net):
    net.inputs['data'] = (2, 3, 4, 6)
    net.layer('slice', 'Slice', 'data', ['a', 'b'], slice_param=dict(axis=3))
    net.layer('out', 'Eltwise', ['a', 'b'], 'out')


@case('reshape_zero_and_infer')
def _(net):
    net.layer('out', 'Reshape', 'data', 'out',
              reshape_param=dict(shape=dict(dim=[0, -1, 4])))


@case('flatten')
def _(net):
    net.layer('out', 'Flatten', 'data', 'out')


@case('flatten_then_inner_product')
def _(net):
    net.layer('flat', 'Flatten', 'data', 'flat', flatten_param=dict(axis=1))
    net.layer('out', 'InnerProduct', 'flat', 'out', blobs=[net.randn(4, 168), net.randn(4)],
              inner_product_param=dict(num_output=4))


@pytest.mark.parametrize('name', sorted(CASES))
def test_layer_matches_opencv(name, tmp_path):
    net = _nets.Net({'data': (2, 3, 7, 8)}, seed=len(name))
    CASES[name](net)
    path = net.save(tmp_path / 'net.caffemodel')
    inputs = net.input_arrays()
    func = CaffeFunction(path)
    out = net.proto.layer[-1].top[0]
    y, = func({k: chainer.Variable(v) for k, v in inputs.items()}, [out], train=False)
    assert y.data.dtype == numpy.float32
    expected, = _nets.opencv_forward(net, path, inputs, [out])
    _nets.assert_close_relative(y.data, expected.reshape(y.shape))
    assert expected.size == y.data.size
