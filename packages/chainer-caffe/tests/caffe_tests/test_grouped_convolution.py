"""Grouped Caffe convolutions load as v1 and v7 loaded them: an ungrouped link whose
weight is the block-diagonal expansion of Caffe's grouped blob, so that npz snapshots
of a v1/v7 ``CaffeFunction`` (e.g. AlexNet, group 2) fit."""
import numpy
import pytest

import chainer.functions as F
import chainer.links as L
from chainer import serializers
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets


def _net(layer_type, blobs, **param):
    net = _nets.Net({})
    net.layer('l1', layer_type, 'x', 'y', blobs=blobs, convolution_param=param)
    return net


def _blob(*shape):
    return numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape) + 1


def _x(*shape):
    return numpy.random.RandomState(1).uniform(-1, 1, shape).astype(numpy.float32)


def _per_group(apply, x, W, b, group):
    """What Caffe computes: each group of input channels through its block of ``W``."""
    xs = numpy.split(x, group, axis=1)
    Ws = numpy.split(W, group, axis=0)
    bs = numpy.split(b, group) if b is not None else [None] * group
    return numpy.concatenate([apply(xi, Wi, bi).array
                              for xi, Wi, bi in zip(xs, Ws, bs)], axis=1)


def test_grouped_convolution_is_one_block_diagonal_convolution2d(tmp_path):
    W, b = _blob(6, 2, 3, 3), numpy.arange(6, dtype=numpy.float32)
    path = _net('Convolution', [W, b], num_output=6, kernel_size=[3], pad=[1],
                group=3).save(tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    conv = func.l1
    assert type(conv) is L.Convolution2D
    assert conv.W.shape == (6, 6, 3, 3)
    for i in range(3):
        rows, cols = slice(2 * i, 2 * i + 2), slice(2 * i, 2 * i + 2)
        numpy.testing.assert_array_equal(conv.W.array[rows, cols], W[rows])
        outside = numpy.ones(6, bool)
        outside[cols] = False
        assert not conv.W.array[rows][:, outside].any()
    numpy.testing.assert_array_equal(conv.b.array, b)
    x = _x(2, 6, 5, 5)
    y, = func(inputs={'x': x}, outputs=['y'])
    expected = _per_group(lambda x, W, b: F.convolution_2d(x, W, b, pad=1), x, W, b, 3)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-4)


def test_grouped_dilated_convolution_without_bias(tmp_path):
    W = _blob(4, 1, 2, 2)
    path = _net('Convolution', [W], num_output=4, kernel_size=[2], dilation=[2],
                group=2, bias_term=False).save(tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    assert type(func.l1) is L.DilatedConvolution2D
    assert func.l1.W.shape == (4, 2, 2, 2) and func.l1.b is None
    x = _x(1, 2, 6, 6)
    y, = func(inputs={'x': x}, outputs=['y'])
    expected = _per_group(lambda x, W, b: F.dilated_convolution_2d(x, W, None, dilate=2),
                          x, W, None, 2)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-4)


def test_grouped_deconvolution_is_one_block_diagonal_deconvolution2d(tmp_path):
    W, b = _blob(4, 3, 3, 3), numpy.arange(6, dtype=numpy.float32)
    path = _net('Deconvolution', [W, b], num_output=6, kernel_size=[3], stride=[2],
                group=2).save(tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    deconv = func.l1
    assert type(deconv) is L.Deconvolution2D
    assert deconv.W.shape == (4, 6, 3, 3) and deconv.b.shape == (6,)
    numpy.testing.assert_array_equal(deconv.W.array[:2, :3], W[:2])
    numpy.testing.assert_array_equal(deconv.W.array[2:, 3:], W[2:])
    assert not deconv.W.array[:2, 3:].any() and not deconv.W.array[2:, :3].any()
    x = _x(1, 4, 3, 3)
    y, = func(inputs={'x': x}, outputs=['y'])
    expected = _per_group(lambda x, W, b: F.deconvolution_2d(x, W, b, stride=2),
                          x, W, b, 2)
    numpy.testing.assert_allclose(y.array, expected, rtol=1e-5, atol=1e-4)


def test_npz_snapshot_in_the_expanded_layout_loads(tmp_path):
    W, b = _blob(4, 3, 1, 1), numpy.zeros(4, numpy.float32)
    path = _net('Convolution', [W, b], num_output=4, kernel_size=[1], group=2).save(
        tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    serializers.save_npz(str(tmp_path / 'snap.npz'), func)
    with numpy.load(str(tmp_path / 'snap.npz')) as f:
        entries = dict(f)
    # What a v1/v7 snapshot holds: the ungrouped (num_output, C, kh, kw) weight.
    trained = numpy.arange(24, dtype=numpy.float32).reshape(4, 6, 1, 1)
    assert entries['l1/W'].shape == trained.shape
    entries['l1/W'] = trained
    numpy.savez(str(tmp_path / 'trained.npz'), **entries)
    serializers.load_npz(str(tmp_path / 'trained.npz'), func)
    numpy.testing.assert_array_equal(func.l1.W.array, trained)


def test_num_output_not_a_multiple_of_group_is_refused(tmp_path):
    path = _net('Convolution', [_blob(5, 2, 1, 1)], num_output=5, kernel_size=[1],
                group=2, bias_term=False).save(tmp_path / 'net.caffemodel')
    with pytest.raises(ValueError, match='not a multiple of group 2'):
        CaffeFunction(path)


def test_deconvolution_input_channels_not_a_multiple_of_group_is_refused(tmp_path):
    path = _net('Deconvolution', [_blob(3, 2, 1, 1)], num_output=4, kernel_size=[1],
                group=2, bias_term=False).save(tmp_path / 'net.caffemodel')
    with pytest.raises(ValueError, match='3 input channels are not a multiple'):
        CaffeFunction(path)


def test_block_diagonal_initializer_in_memory_and_shape_check():
    from chainer.links.caffe._layers.convolution import _BlockDiagonal
    blob = _blob(4, 1, 1, 1)  # an in-memory blob, not a view of a model file
    init = _BlockDiagonal(blob, 2)
    out = numpy.full((4, 2, 1, 1), 7, numpy.float32)
    init(out)
    numpy.testing.assert_array_equal(out[:, :, 0, 0], [[1, 0], [2, 0], [0, 3], [0, 4]])
    with pytest.raises(ValueError, match='2 groups'):
        init(numpy.empty((4, 1, 1, 1), numpy.float32))


def test_converted_npz_of_a_grouped_net_loads_without_the_caffemodel(tmp_path):
    W, b = _blob(4, 2, 3, 3), numpy.arange(4, dtype=numpy.float32)
    path = _net('Convolution', [W, b], num_output=4, kernel_size=[3], group=2).save(
        tmp_path / 'net.caffemodel')
    func = CaffeFunction(path)
    serializers.save_npz(str(tmp_path / 'model.npz'), func)
    again = CaffeFunction(str(tmp_path / 'model.npz'))
    assert type(again.l1) is L.Convolution2D
    numpy.testing.assert_array_equal(again.l1.W.array, func.l1.W.array)
    x = _x(1, 4, 4, 4)
    y0, = func(inputs={'x': x}, outputs=['y'])
    y1, = again(inputs={'x': x}, outputs=['y'])
    numpy.testing.assert_array_equal(y0.array, y1.array)
