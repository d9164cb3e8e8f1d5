"""An InnerProduct weight blob whose declared 4-D shape disagrees with the values it
holds, but whose last two dimensions match them, is read as v1 read it (the legacy
``(1, 1, out, in)`` matrix) with a warning; other mismatches stay errors."""
import numpy
import pytest

import chainer
from chainer import serializers
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets


def _net(dims, values, layer_type='InnerProduct'):
    net = _nets.Net({})
    layer = net.layer('fc', layer_type, 'x', 'y',
                      inner_product_param=dict(bias_term=False))
    blob = layer.blobs.add()
    blob.shape.dim.extend(dims)
    blob.data.extend(values)
    return net


def test_last_two_dimensions_read_with_a_warning(tmp_path):
    net = _net((4, 5, 2, 3), range(6))
    with pytest.warns(UserWarning, match=r"'fc'.*declares the shape \(4, 5, 2, 3\).*"
                                         r"holds 6 values.*\(1, 1, 2, 3\)"):
        func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    numpy.testing.assert_array_equal(func.fc.W.data, [[0, 1, 2], [3, 4, 5]])
    x = numpy.array([[1, 0, 2]], numpy.float32)
    y, = func({'x': chainer.Variable(x)}, ['y'])
    numpy.testing.assert_allclose(y.data, [[4, 13]])
    # the definition kept with the parameters is consistent: the npz loads again
    npz = str(tmp_path / 'a.npz')
    serializers.save_npz(npz, func)
    again = CaffeFunction(npz)
    numpy.testing.assert_array_equal(again.fc.W.data, func.fc.W.data)


@pytest.mark.parametrize('dims,count', [
    ((4, 5, 2, 3), 5),       # matches nothing
    ((4, 5, 6), 30),         # not 4-D
])
def test_other_mismatches_are_refused(tmp_path, dims, count):
    net = _net(dims, range(count))
    with pytest.raises(RuntimeError, match="'fc'.*values for the shape"):
        CaffeFunction(net.save(tmp_path / 'a.caffemodel'))


def test_only_inner_product_weights_are_read_so(tmp_path):
    net = _nets.Net({})
    layer = net.layer('p', 'PReLU', 'x', 'y')
    blob = layer.blobs.add()
    blob.shape.dim.extend((4, 5, 1, 3))
    blob.data.extend(range(3))
    with pytest.raises(RuntimeError, match="'p'.*values for the shape"):
        CaffeFunction(net.save(tmp_path / 'a.caffemodel'))


def test_convolution_weight_with_legacy_num_and_channels_only(tmp_path):
    # v1 took the height and width from kernel_size, num_output from the blob, and
    # read a bias that declares no shape flat
    net = _nets.Net({})
    layer = net.layer('conv', 'Convolution', 'x', 'y',
                      convolution_param=dict(kernel_size=[2], group=1))
    w = layer.blobs.add()
    w.num, w.channels = 3, 2
    w.data.extend(range(24))
    layer.blobs.add().data.extend([1, 2, 3])
    with pytest.warns(UserWarning) as record:
        func = CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
    messages = [str(m.message) for m in record]
    assert any('blob 0 declares the shape (3, 2, 0, 0)' in m and '(3, 2, 2, 2)' in m
               for m in messages)
    assert any('blob 1 declares the shape (0, 0, 0, 0)' in m and '(3,)' in m
               for m in messages)
    numpy.testing.assert_array_equal(func.conv.W.data.ravel(), range(24))
    numpy.testing.assert_array_equal(func.conv.b.data, [1, 2, 3])
    x = numpy.ones((1, 2, 2, 2), numpy.float32)
    y, = func({'x': chainer.Variable(x)}, ['y'])
    expected = numpy.arange(24).reshape(3, 8).sum(axis=1) + [1, 2, 3]
    numpy.testing.assert_allclose(y.data.ravel(), expected)


def test_convolution_weight_not_matching_the_kernel_is_refused(tmp_path):
    net = _nets.Net({})
    layer = net.layer('conv', 'Convolution', 'x', 'y',
                      convolution_param=dict(kernel_size=[3], num_output=3,
                                             bias_term=False))
    w = layer.blobs.add()
    w.num, w.channels = 3, 2
    w.data.extend(range(24))
    with pytest.raises(RuntimeError, match="'conv'.*values for the shape"):
        CaffeFunction(net.save(tmp_path / 'a.caffemodel'))
