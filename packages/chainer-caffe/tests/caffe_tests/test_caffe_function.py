"""CaffeFunction as a Chain and as an interpreter: attributes, skipping rules and their
errors, legacy V1 files, robustness to bad files, npz conversion, backprop, training."""
import os
import subprocess
import sys
import warnings

import numpy
import pytest

import chainer
import chainer.functions as F
from chainer import gradient_check
from chainer import optimizers
from chainer import serializers
from chainer import testing
from chainer.links.caffe import _wire
from chainer.links.caffe import caffe_pb2 as pb
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets


def small_net():
    net = _nets.Net({'data': (2, 3, 5, 5)})
    net.layer('conv1', 'Convolution', 'data', 'conv1',
              blobs=[net.randn(4, 3, 3, 3, scale=0.3), net.randn(4)],
              convolution_param=dict(num_output=4, kernel_size=[3], pad=[1]))
    net.layer('relu1', 'ReLU', 'conv1', 'conv1')
    net.layer('pool1', 'Pooling', 'conv1', 'pool1',
              pooling_param=dict(pool=1, kernel_size=2, stride=2))
    net.layer('fc', 'InnerProduct', 'pool1', 'fc',
              blobs=[net.randn(3, 4 * 3 * 3, scale=0.3), net.randn(3)],
              inner_product_param=dict(num_output=3))
    return net


def test_chain_attributes_and_alias(tmp_path):
    func = CaffeFunction(small_net().save(tmp_path / 'a.caffemodel'))
    assert isinstance(func, chainer.Chain)
    assert sorted(func._children) == ['conv1', 'fc']
    assert func.fs is func
    assert set(func.forwards) == {'conv1', 'relu1', 'pool1', 'fc'}
    assert func.layers[1] == ('relu1', ['conv1'], ['conv1'])
    assert func.conv1.W.shape == (4, 3, 3, 3)
    x = chainer.Variable(numpy.ones((2, 3, 5, 5), numpy.float32))
    testing.assert_allclose(func.forwards['conv1'](x).data,
                            F.convolution_2d(x, func.conv1.W, func.conv1.b, 1, 1).data)
    from chainer.functions.caffe import CaffeFunction as Legacy
    assert Legacy is CaffeFunction


def test_disable_and_missing_output_errors_name_the_layer(tmp_path):
    func = CaffeFunction(small_net().save(tmp_path / 'a.caffemodel'))
    x = chainer.Variable(numpy.ones((2, 3, 5, 5), numpy.float32))
    with pytest.raises(KeyError, match=r"'fc'.*layer 'fc'.*lacks its bottom 'pool1'.*"
                                       r"layer 'pool1' \(Pooling\) is disabled"):
        func({'data': x}, ['fc'], disable=['pool1'])
    with pytest.raises(KeyError, match=r"'conv1'.*not in inputs"):
        func({}, ['conv1'])
    with pytest.raises(KeyError, match='neither in inputs nor the top of any layer'):
        func({'data': x}, ['nothing'])
    # Disabling an in-place layer leaves its blob as it was.
    conv, = func({'data': x}, ['conv1'], disable=['relu1'])
    assert (conv.data < 0).any()


def test_unsupported_layer_warns_and_dependent_output_raises(tmp_path):
    net = small_net()
    net.layer('odd', 'Threshold', 'fc', 'odd')
    net.layer('after', 'ReLU', 'odd', 'after')
    with pytest.warns(UserWarning) as record:
        func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    messages = [str(w.message) for w in record]
    assert any("'odd' (Threshold)" in m and 'unsupported type' in m for m in messages)
    x = chainer.Variable(numpy.ones((2, 3, 5, 5), numpy.float32))
    y, = func({'data': x}, ['fc'])
    with pytest.raises(KeyError, match=r"layer 'after'.*bottom 'odd'.*"
                                       r"layer 'odd' \(Threshold\).*unsupported"):
        func({'data': x}, ['after'])


def test_phase_rules_and_data_layers(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    for phase in (0, 1):
        layer = net.proto.layer.add(name='data', type='Data')
        layer.top.extend(['data', 'label'])
        layer.include.add(phase=phase)
    test_only = net.layer('double', 'Power', 'data', 'out', power_param=dict(scale=2))
    test_only.include.add(phase=1)
    train_only = net.layer('triple', 'Power', 'data', 'out', power_param=dict(scale=3))
    train_only.exclude.add(phase=1)
    func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    x = numpy.ones((2, 3), numpy.float32)
    y, = func({'data': chainer.Variable(x)}, ['out'], train=False)
    testing.assert_allclose(y.data, 2 * x)
    y, = func({'data': chainer.Variable(x)}, ['out'], train=True)
    testing.assert_allclose(y.data, 3 * x)
    with pytest.raises(KeyError, match="layer 'data' .* data layer"):
        func({'data': chainer.Variable(x)}, ['label'])


def test_legacy_v1_layers_format(tmp_path):
    modern = small_net()
    legacy = pb.NetParameter(name='v1')
    types = {'Convolution': 4, 'ReLU': 18, 'Pooling': 17, 'InnerProduct': 14}
    for layer in modern.proto.layer:
        v1 = legacy.layers.add(name=layer.name, type=types[layer.type])
        v1.bottom.extend(layer.bottom)
        v1.top.extend(layer.top)
        v1.blobs.extend(layer.blobs)
        for field in ('convolution_param', 'pooling_param', 'inner_product_param'):
            if layer.HasField(field):
                getattr(v1, field).CopyFrom(getattr(layer, field))
    path = tmp_path / 'v1.caffemodel'
    path.write_bytes(legacy.SerializeToString())
    x = chainer.Variable(modern.input_arrays()['data'])
    y_legacy, = CaffeFunction(str(path))({'data': x}, ['fc'])
    y, = CaffeFunction(modern.save(tmp_path / 'v2.caffemodel'))({'data': x}, ['fc'])
    testing.assert_allclose(y_legacy.data, y.data)


@pytest.mark.parametrize('content,message', [
    (b'', 'empty'),
    (b'name: "CaffeNet"\nlayer {\n  name: "data"\n}\n', 'not a readable caffemodel'),
    (bytes(range(256)) * 4, 'not a readable caffemodel'),
    (pb.BlobProto(num=1, channels=2).SerializeToString(), 'no layers'),
])
def test_not_a_caffemodel(tmp_path, content, message):
    path = tmp_path / 'bad.caffemodel'
    path.write_bytes(content)
    with pytest.raises(ValueError, match=message):
        CaffeFunction(str(path))


def test_every_truncation_raises_a_clear_error(tmp_path):
    data = small_net().proto.SerializeToString()
    # A cut between two top-level fields leaves a valid shorter net: skip those.
    boundaries = {end for _, _, _, _, end in _wire.iter_fields(data, 0, len(data))}
    path = tmp_path / 'cut.caffemodel'
    for cut in range(1, len(data)):
        if cut in boundaries:
            continue
        path.write_bytes(data[:cut])
        with pytest.raises(ValueError, match='not a readable caffemodel'):
            CaffeFunction(str(path))


def test_v0_layers_are_rejected(tmp_path):
    legacy = pb.NetParameter()
    legacy.layers.add(name='conv1', type=4)
    data = legacy.SerializeToString()
    # Append an old-style nested V0 layer (field 1) to the V1 layer.
    v0 = b'\x0a\x05conv1'
    layer = legacy.layers[0].SerializeToString() + b'\x0a' + bytes([len(v0)]) + v0
    path = tmp_path / 'v0.caffemodel'
    path.write_bytes(b'\x12' + bytes([len(layer)]) + layer)
    assert data
    with pytest.raises(ValueError, match='V0 layer format'):
        CaffeFunction(str(path))


def test_blob_count_mismatch_is_an_error(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    layer = net.layer('fc', 'InnerProduct', 'data', 'fc', blobs=[net.randn(4, 3)],
                      inner_product_param=dict(num_output=4, bias_term=False))
    layer.blobs[0].shape.dim[0] = 5
    with pytest.raises(ValueError, match=r"layer 'fc', blob 0: 12 values for the shape"):
        CaffeFunction(net.save(tmp_path / 'a.caffemodel'))


def test_npz_conversion_loads_without_protobuf(tmp_path):
    net = small_net()
    net.layer('bn', 'BatchNorm', 'fc', 'fc',
              blobs=[net.randn(3), numpy.ones(3, numpy.float32),
                     numpy.array([2.0], numpy.float32)])
    func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    npz = str(tmp_path / 'model.npz')
    serializers.save_npz(npz, func)
    x = net.input_arrays()['data']
    expected, = func({'data': chainer.Variable(x)}, ['fc'], train=False)
    numpy.save(str(tmp_path / 'x.npy'), x)
    # A fresh interpreter where importing protobuf fails.
    code = '\n'.join([
        'import sys, numpy, chainer',
        "sys.modules['google.protobuf'] = None",
        'from chainer.links.caffe import CaffeFunction',
        'f = CaffeFunction(sys.argv[1])',
        "x = numpy.load(sys.argv[2])",
        "y, = f({'data': chainer.Variable(x)}, ['fc'], train=False)",
        "numpy.save(sys.argv[3], y.data)",
        "assert 'chainer.links.caffe.caffe_pb2' not in sys.modules"])
    out = str(tmp_path / 'y.npy')
    subprocess.run([sys.executable, '-c', code, npz, str(tmp_path / 'x.npy'), out],
                   check=True, env=dict(os.environ))
    testing.assert_allclose(numpy.load(out), expected.data)


def test_npz_without_definition_is_rejected(tmp_path):
    path = str(tmp_path / 'other.npz')
    numpy.savez(path, a=numpy.zeros(2))
    with pytest.raises(ValueError, match='without a net definition'):
        CaffeFunction(path)


def test_copy_runs_and_shares_the_parameter_slots_as_in_v7(tmp_path):
    func = CaffeFunction(small_net().save(tmp_path / 'a.caffemodel'))
    other = func.copy()
    x = chainer.Variable(numpy.ones((2, 3, 5, 5), numpy.float32))
    y_func, = func({'data': x}, ['fc'])
    y_other, = other({'data': x}, ['fc'])
    testing.assert_allclose(y_other.data, y_func.data)
    assert not numpy.allclose(y_func.data, numpy.broadcast_to(func.fc.b.data, (2, 3)))
    # an array assigned to a copy's parameter is every copy's (v7; see compatibility)
    other.fc.W.data = other.fc.W.data * 0
    for f in (other, func):
        y, = f({'data': x}, ['fc'])
        testing.assert_allclose(y.data, numpy.broadcast_to(f.fc.b.data, (2, 3)))


def test_gradient_check_through_loaded_net(tmp_path):
    net = _nets.Net({'data': (2, 2, 4, 4)})
    net.layer('conv', 'Convolution', 'data', 'conv',
              blobs=[net.randn(3, 2, 2, 2), net.randn(3)],
              convolution_param=dict(num_output=3, kernel_size=[2]))
    net.layer('sig', 'Sigmoid', 'conv', 'conv')
    net.layer('pool', 'Pooling', 'conv', 'pool',
              pooling_param=dict(pool=1, kernel_size=2, stride=2))
    net.layer('scale', 'Scale', 'pool', 'pool', blobs=[net.randn(3), net.randn(3)],
              scale_param=dict(bias_term=True))
    net.layer('fc', 'InnerProduct', 'pool', 'fc', blobs=[net.randn(2, 12), net.randn(2)],
              inner_product_param=dict(num_output=2))
    func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    for param in func.params():
        param.data = param.data.astype(numpy.float64)
    x = net.input_arrays()['data'].astype(numpy.float64)
    gy = numpy.random.RandomState(0).standard_normal((2, 2))

    def f(v):
        # The parameters are read through the net, perturbed in place by the check.
        return func({'data': v}, ['fc'], train=False)[0]
    params = (func.conv.W, func.conv.b, func.scale.W, func.scale.bias.b, func.fc.W)
    gradient_check.check_backward(f, (x,), gy, params=params, atol=1e-4, rtol=1e-4)


def test_finetune_with_optimizer(tmp_path):
    net = small_net()
    net.layer('loss', 'SoftmaxWithLoss', ['fc', 'label'], 'loss')
    func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    optimizer = optimizers.MomentumSGD(lr=0.05)
    optimizer.setup(func)
    rng = numpy.random.RandomState(0)
    x = rng.standard_normal((2, 3, 5, 5)).astype(numpy.float32)
    label = numpy.array([0, 2], numpy.float32)

    def loss():
        return func({'data': chainer.Variable(x), 'label': chainer.Variable(label)},
                    ['loss'])[0]
    first = float(loss().data)
    for _ in range(20):
        func.cleargrads()
        value = loss()
        value.backward()
        optimizer.update()
    assert float(loss().data) < first * 0.5


def test_layer_name_collision_is_reported(tmp_path):
    net = _nets.Net({'data': (2, 3)})
    net.layer('forwards', 'InnerProduct', 'data', 'fc', blobs=[net.randn(2, 3)],
              inner_product_param=dict(num_output=2, bias_term=False))
    with pytest.raises(ValueError, match="'forwards' collides"):
        with warnings.catch_warnings():
            CaffeFunction(net.save(tmp_path / 'a.caffemodel'))


def test_load_errors_are_runtime_errors_as_in_v1(tmp_path):
    # v1's CaffeFunction raised RuntimeError on a model it could not load.
    net = _nets.Net({'data': (2, 3)})
    layer = net.layer('fc', 'InnerProduct', 'data', 'fc', blobs=[net.randn(4, 3)],
                      inner_product_param=dict(num_output=4, bias_term=False))
    layer.blobs[0].shape.dim.append(2)  # 12 values for a (4, 3, 2) blob
    with pytest.raises(RuntimeError, match='not a readable caffemodel'):
        CaffeFunction(net.save(tmp_path / 'a.caffemodel'))


@pytest.mark.parametrize('weight_shape,transpose', [
    ((2, 3), False), ((1, 1, 2, 3), False), ((3, 2), True)])
def test_inner_product_without_num_output_reads_it_from_the_weight(
        tmp_path, weight_shape, transpose):
    # v1 sized the Linear link from the weight blob alone.
    net = _nets.Net({'data': (4, 3)})
    w = numpy.arange(6, dtype=numpy.float32).reshape(weight_shape)
    net.layer('fc', 'InnerProduct', 'data', 'fc', blobs=[w, numpy.array([1., 2.])],
              inner_product_param=dict(transpose=transpose))
    func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    expected_w = w.reshape(3, 2).T if transpose else w.reshape(2, 3)
    testing.assert_allclose(func.fc.W.data, expected_w)
    x = numpy.random.uniform(-1, 1, (4, 3)).astype(numpy.float32)
    y, = func({'data': chainer.Variable(x)}, ['fc'])
    testing.assert_allclose(y.data, x.dot(expected_w.T) + [1., 2.], rtol=1e-5)


def test_inner_product_without_num_output_and_a_1d_weight_is_refused(tmp_path):
    net = _nets.Net({'data': (4, 3)})
    net.layer('fc', 'InnerProduct', 'data', 'fc', blobs=[numpy.zeros(6, numpy.float32)],
              inner_product_param=dict(bias_term=False))
    with pytest.raises(ValueError, match='num_output is not set'):
        CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
