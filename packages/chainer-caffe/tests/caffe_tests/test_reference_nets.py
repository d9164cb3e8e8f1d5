"""Scaled-down nets with the exact topology of BVLC CaffeNet, GoogLeNet and ResNet-50
(same layer types, wiring, kernels, strides, pads, groups, in-place layers and
train_val extras; fewer channels and smaller images), compared with OpenCV."""
import numpy
import pytest

import chainer
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets


def conv(net, name, bottom, c_in, c_out, k, stride=1, pad=0, group=1, bias=True):
    blobs = [net.randn(c_out, c_in // group, k, k, scale=(2.0 / (c_in * k * k)) ** .5)]
    if bias:
        blobs.append(net.randn(c_out, scale=0.1))
    net.layer(name, 'Convolution', bottom, name, blobs=blobs,
              convolution_param=dict(num_output=c_out, kernel_size=[k], stride=[stride],
                                     pad=[pad], group=group, bias_term=bias))
    return name


def relu(net, name, blob):
    net.layer(name, 'ReLU', blob, blob)


def pool(net, name, bottom, method, k, stride, pad=0):
    net.layer(name, 'Pooling', bottom, name,
              pooling_param=dict(pool=method, kernel_size=k, stride=stride, pad=pad))
    return name


def lrn(net, name, bottom):
    net.layer(name, 'LRN', bottom, name,
              lrn_param=dict(local_size=5, alpha=1e-4 * 50, beta=0.75))
    return name


def fc(net, name, bottom, n_in, n_out):
    net.layer(name, 'InnerProduct', bottom, name,
              blobs=[net.randn(n_out, n_in, scale=(1.0 / n_in) ** .5),
                     net.randn(n_out, scale=0.1)],
              inner_product_param=dict(num_output=n_out))
    return name


def train_val_head(net):
    """The Data layers (TRAIN and TEST), Accuracy and SoftmaxWithLoss of train_val."""
    for phase in (0, 1):
        layer = net.proto.layer.add(name='data', type='Data')
        layer.top.extend(['data', 'label'])
        layer.include.add(phase=phase)
    net.last_writer.update(data='data', label='data')


def train_val_tail(net, score):
    acc = net.layer('accuracy', 'Accuracy', [score, 'label'], 'accuracy')
    acc.include.add(phase=1)
    net.layer('loss', 'SoftmaxWithLoss', [score, 'label'], 'loss')


def caffenet(net, w=4):
    """bvlc_reference_caffenet: 227 -> conv1 11/4 -> pool 3/2 -> LRN -> conv2 g2 ..."""
    train_val_head(net)
    conv(net, 'conv1', 'data', 3, 6 * w // 4 * 4, 11, stride=4)
    c1 = 6 * w // 4 * 4
    relu(net, 'relu1', 'conv1')
    pool(net, 'pool1', 'conv1', 0, 3, 2)
    lrn(net, 'norm1', 'pool1')
    conv(net, 'conv2', 'norm1', c1, 4 * w, 5, pad=2, group=2)
    relu(net, 'relu2', 'conv2')
    pool(net, 'pool2', 'conv2', 0, 3, 2)
    lrn(net, 'norm2', 'pool2')
    conv(net, 'conv3', 'norm2', 4 * w, 6 * w, 3, pad=1)
    relu(net, 'relu3', 'conv3')
    conv(net, 'conv4', 'conv3', 6 * w, 6 * w, 3, pad=1, group=2)
    relu(net, 'relu4', 'conv4')
    conv(net, 'conv5', 'conv4', 6 * w, 4 * w, 3, pad=1, group=2)
    relu(net, 'relu5', 'conv5')
    pool(net, 'pool5', 'conv5', 0, 3, 2)
    fc(net, 'fc6', 'pool5', 4 * w * 6 * 6, 16)
    relu(net, 'relu6', 'fc6')
    net.layer('drop6', 'Dropout', 'fc6', 'fc6', dropout_param=dict(dropout_ratio=0.5))
    fc(net, 'fc7', 'fc6', 16, 16)
    relu(net, 'relu7', 'fc7')
    net.layer('drop7', 'Dropout', 'fc7', 'fc7', dropout_param=dict(dropout_ratio=0.5))
    fc(net, 'fc8', 'fc7', 16, 10)
    train_val_tail(net, 'fc8')
    return 'fc8'


def inception(net, name, bottom, c_in, c1, c3r, c3, c5r, c5, cp):
    b1 = conv(net, name + '/1x1', bottom, c_in, c1, 1)
    relu(net, name + '/relu_1x1', b1)
    r3 = conv(net, name + '/3x3_reduce', bottom, c_in, c3r, 1)
    relu(net, name + '/relu_3x3_reduce', r3)
    b3 = conv(net, name + '/3x3', r3, c3r, c3, 3, pad=1)
    relu(net, name + '/relu_3x3', b3)
    r5 = conv(net, name + '/5x5_reduce', bottom, c_in, c5r, 1)
    relu(net, name + '/relu_5x5_reduce', r5)
    b5 = conv(net, name + '/5x5', r5, c5r, c5, 5, pad=2)
    relu(net, name + '/relu_5x5', b5)
    p = pool(net, name + '/pool', bottom, 0, 3, 1, pad=1)
    bp = conv(net, name + '/pool_proj', p, c_in, cp, 1)
    relu(net, name + '/relu_pool_proj', bp)
    net.layer(name + '/output', 'Concat', [b1, b3, b5, bp], name + '/output')
    return name + '/output', c1 + c3 + c5 + cp


def aux_head(net, name, bottom, c_in):
    p = pool(net, name + '/ave_pool', bottom, 1, 5, 3)
    c = conv(net, name + '/conv', p, c_in, 8, 1)
    relu(net, name + '/relu_conv', c)
    f = fc(net, name + '/fc', c, 8 * 4 * 4, 16)
    relu(net, name + '/relu_fc', f)
    net.layer(name + '/drop_fc', 'Dropout', f, f, dropout_param=dict(dropout_ratio=0.7))
    out = fc(net, name + '/classifier', f, 16, 10)
    net.layer(name + '/loss', 'SoftmaxWithLoss', [out, 'label'], name + '/loss1',
              loss_weight=[0.3])


def googlenet(net):
    """bvlc_googlenet: 7x7/2 stem, LRN, 9 inception modules, two auxiliary heads."""
    train_val_head(net)
    c = conv(net, 'conv1/7x7_s2', 'data', 3, 8, 7, stride=2, pad=3)
    relu(net, 'conv1/relu_7x7', c)
    p = pool(net, 'pool1/3x3_s2', c, 0, 3, 2)
    n = lrn(net, 'pool1/norm1', p)
    c = conv(net, 'conv2/3x3_reduce', n, 8, 8, 1)
    relu(net, 'conv2/relu_3x3_reduce', c)
    c = conv(net, 'conv2/3x3', c, 8, 12, 3, pad=1)
    relu(net, 'conv2/relu_3x3', c)
    n = lrn(net, 'conv2/norm2', c)
    x = pool(net, 'pool2/3x3_s2', n, 0, 3, 2)
    ch = 12
    widths = {'3a': (4, 4, 6, 2, 2, 2), '3b': (6, 6, 8, 2, 4, 4),
              '4a': (8, 4, 8, 2, 2, 2), '4b': (6, 4, 8, 2, 2, 2),
              '4c': (6, 4, 8, 2, 2, 2), '4d': (6, 4, 8, 2, 2, 2),
              '4e': (8, 4, 8, 2, 4, 4), '5a': (8, 4, 8, 2, 4, 4),
              '5b': (8, 6, 8, 2, 4, 4)}
    for stage in ('3a', '3b', '4a', '4b', '4c', '4d', '4e', '5a', '5b'):
        if stage in ('4a', '5a'):
            x = pool(net, 'pool{}/3x3_s2'.format(stage[0]), x, 0, 3, 2)
        x, ch = inception(net, 'inception_' + stage, x, ch, *widths[stage])
        if stage == '4a':
            aux_head(net, 'loss1', x, ch)
        if stage == '4d':
            aux_head(net, 'loss2', x, ch)
    p = pool(net, 'pool5/7x7_s1', x, 1, 7, 1)
    net.layer('pool5/drop_7x7_s1', 'Dropout', p, p, dropout_param=dict(dropout_ratio=0.4))
    fc(net, 'loss3/classifier', p, ch, 10)
    net.layer('loss3/loss3', 'SoftmaxWithLoss', ['loss3/classifier', 'label'],
              'loss3/loss3')
    return 'loss3/classifier'


def bn_scale(net, suffix, blob, channels):
    net.layer('bn' + suffix, 'BatchNorm', blob, blob,
              blobs=[net.randn(channels, scale=0.1) * 7,
                     (numpy.abs(net.randn(channels)) + 0.5) * 7,
                     numpy.array([7.0], numpy.float32)],
              batch_norm_param=dict(use_global_stats=True))
    net.layer('scale' + suffix, 'Scale', blob, blob,
              blobs=[1 + net.randn(channels, scale=0.1), net.randn(channels, scale=0.1)],
              scale_param=dict(bias_term=True))


def bottleneck(net, name, bottom, c_in, c_mid, stride, project):
    out = 4 * c_mid
    if project:
        branch1 = conv(net, 'res' + name + '_branch1', bottom, c_in, out, 1, stride=stride,
                       bias=False)
        bn_scale(net, name + '_branch1', branch1, out)
    else:
        branch1 = bottom
    x = bottom
    for part, (k, c_out, s, pad) in zip('abc', [(1, c_mid, stride, 0), (3, c_mid, 1, 1),
                                                (1, out, 1, 0)]):
        x = conv(net, 'res{}_branch2{}'.format(name, part), x,
                 c_in if part == 'a' else c_mid, c_out, k, stride=s, pad=pad, bias=False)
        bn_scale(net, '{}_branch2{}'.format(name, part), x, c_out)
        if part != 'c':
            relu(net, 'res{}_branch2{}_relu'.format(name, part), x)
    net.layer('res' + name, 'Eltwise', [branch1, x], 'res' + name)
    relu(net, 'res{}_relu'.format(name), 'res' + name)
    return 'res' + name, out


def resnet50(net):
    """ResNet-50 deploy net: in-place BatchNorm/Scale/ReLU, 3-4-6-3 bottlenecks."""
    c = conv(net, 'conv1', 'data', 3, 8, 7, stride=2, pad=3)
    bn_scale(net, '_conv1', c, 8)
    relu(net, 'conv1_relu', c)
    x = pool(net, 'pool1', c, 0, 3, 2)
    ch = 8
    for stage, blocks, mid in ((2, 3, 2), (3, 4, 4), (4, 6, 4), (5, 3, 8)):
        for i in range(blocks):
            stride = 2 if i == 0 and stage > 2 else 1
            x, ch = bottleneck(net, '{}{}'.format(stage, 'abcdef'[i]), x, ch, mid, stride,
                               project=i == 0)
    p = pool(net, 'pool5', x, 1, 7, 1)
    fc(net, 'fc1000', p, ch, 10)
    net.layer('prob', 'Softmax', 'fc1000', 'prob')
    return 'prob'


@pytest.mark.parametrize('name,builder,size,disable', [
    ('caffenet', caffenet, 227, ()),
    ('googlenet', googlenet, 224, ('loss1/ave_pool', 'loss2/ave_pool')),
    ('resnet50', resnet50, 224, ()),
])
def test_reference_topology_matches_opencv(tmp_path, name, builder, size, disable):
    net = _nets.Net({'data': (1, 3, size, size)}, name=name)
    out = builder(net)
    path = net.save(tmp_path / (name + '.caffemodel'))
    inputs = net.input_arrays()
    func = CaffeFunction(path)
    y, = func({'data': chainer.Variable(inputs['data'])}, [out], disable=disable,
              train=False)
    # OpenCV gets the deploy net: no data, loss or accuracy layers, no aux heads.
    deploy = _nets.Net(net.inputs, name=name)
    skip = ('Data', 'SoftmaxWithLoss', 'Accuracy')
    for layer in net.proto.layer:
        if layer.type not in skip and not layer.name.startswith(('loss1/', 'loss2/')):
            deploy.proto.layer.add().CopyFrom(layer)
            deploy.last_writer.update({t: layer.name for t in layer.top})
    deploy_path = deploy.save(tmp_path / 'deploy.caffemodel')
    expected, = _nets.opencv_forward(deploy, deploy_path, inputs, [out])
    _nets.assert_close_relative(y.data, expected.reshape(y.shape))
