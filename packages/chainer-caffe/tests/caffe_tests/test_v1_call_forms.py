"""CaffeFunction calls chainer.functions and its child links in the forms v1 used
(keywords, options at their defaults left out), so that v1 code patching or wrapping
those calls sees the same calls; and v1's ``split_map`` attribute."""
from unittest import mock

import numpy
import pytest

import chainer
import chainer.links as L
from chainer.links.caffe import CaffeFunction

from caffe_tests import _nets


def _variable(*shape, dtype=numpy.float32, seed=0):
    rng = numpy.random.RandomState(seed)
    return chainer.Variable(rng.uniform(-1, 1, shape).astype(dtype))


def _load(tmp_path, net):
    return CaffeFunction(net.save(tmp_path / 'net.caffemodel'))


def _call_patched(func, target, inputs, outputs, result):
    """Runs ``func`` with ``target`` replaced by a mock returning ``result``.

    Returns the mock and the output Variables (in the TEST phase).
    """
    with mock.patch(target, mock.MagicMock(return_value=result)) as patched:
        ys = func(inputs=inputs, outputs=outputs, train=False)
    return patched, ys


def _one_layer(layer_type, bottoms, tops, blobs=(), **params):
    net = _nets.Net({})
    net.layer('l1', layer_type, bottoms, tops, blobs=blobs, **params)
    return net


def test_dropout_ratio_and_phase_passed_by_keyword_as_in_v1(tmp_path):
    func = _load(tmp_path, _one_layer('Dropout', 'x', 'y',
                                      dropout_param=dict(dropout_ratio=0.25)))
    x, out = _variable(2, 3), _variable(2, 3)
    patched, ys = _call_patched(func, 'chainer.functions.dropout', {'x': x}, ['y'], out)
    patched.assert_called_once_with(x, ratio=0.25, train=False)
    assert ys[0] is out


def test_leaky_relu_slope_passed_by_keyword_as_in_v1(tmp_path):
    func = _load(tmp_path, _one_layer('ReLU', 'x', 'y',
                                      relu_param=dict(negative_slope=0.5)))
    x, out = _variable(2, 3), _variable(2, 3)
    patched, _ = _call_patched(func, 'chainer.functions.leaky_relu', {'x': x}, ['y'], out)
    patched.assert_called_once_with(x, slope=0.5)


def test_lrn_parameters_passed_by_keyword_as_in_v1(tmp_path):
    func = _load(tmp_path, _one_layer('LRN', 'x', 'y', lrn_param=dict(
        local_size=3, alpha=0.6, beta=0.25, k=0.5)))
    x, out = _variable(2, 4, 3, 3), _variable(2, 4, 3, 3)
    patched, _ = _call_patched(func, 'chainer.functions.local_response_normalization',
                               {'x': x}, ['y'], out)
    patched.assert_called_once_with(x, n=3, k=0.5, alpha=pytest.approx(0.6 / 3),
                                    beta=0.25)


@pytest.mark.parametrize('slice_param, sections, axis', [
    ({'axis': 1}, 2, 1),
    ({'slice_dim': 0}, 2, 0),
    ({}, 2, 1),
    ({'axis': 1, 'slice_point': [1, 3]}, [1, 3], 1),
])
def test_slice_calls_split_axis_with_keywords_as_in_v1(tmp_path, slice_param, sections,
                                                        axis):
    n_top = 2 if isinstance(sections, int) else len(sections) + 1
    tops = ['y{}'.format(i) for i in range(n_top)]
    func = _load(tmp_path, _one_layer('Slice', 'x', tops, slice_param=slice_param))
    x = _variable(4, 4, 3)
    outs = tuple(_variable(1) for _ in tops)
    patched, ys = _call_patched(func, 'chainer.functions.split_axis', {'x': x}, tops, outs)
    patched.assert_called_once_with(x, indices_or_sections=sections, axis=axis)
    assert all(y is out for y, out in zip(ys, outs))


def test_slice_with_one_top_still_yields_its_blob(tmp_path):
    # Without force_tuple split_axis returns one Variable for a single section.
    func = _load(tmp_path, _one_layer('Slice', 'x', 'y', slice_param={'axis': 1}))
    x = _variable(2, 3)
    y, = func({'x': x}, ['y'])
    numpy.testing.assert_array_equal(y.data, x.data)


@pytest.mark.parametrize('engine, options', [
    (0, {}),                      # DEFAULT: softmax(x)
    (1, {'use_cudnn': False}),    # CAFFE
    (2, {'use_cudnn': True}),     # CUDNN
])
def test_softmax_engine_chooses_use_cudnn_as_in_v1(tmp_path, engine, options):
    func = _load(tmp_path, _one_layer('Softmax', 'x', 'y',
                                      softmax_param=dict(engine=engine)))
    x, out = _variable(2, 3), _variable(2, 3)
    patched, ys = _call_patched(func, 'chainer.functions.softmax', {'x': x}, ['y'], out)
    patched.assert_called_once_with(x, **options)
    assert ys[0] is out


def test_softmax_with_loss_passes_its_bottoms_as_in_v1(tmp_path):
    func = _load(tmp_path, _one_layer('SoftmaxWithLoss', ['x', 't'], 'loss'))
    x = _variable(3, 4)
    t = chainer.Variable(numpy.array([0, 3, 1], dtype=numpy.int32))
    out = _variable()
    patched, ys = _call_patched(func, 'chainer.functions.softmax_cross_entropy',
                                {'x': x, 't': t}, ['loss'], out)
    patched.assert_called_once_with(x, t)
    assert ys[0] is out


def test_softmax_with_loss_without_label_bottom_calls_with_the_scores_only_as_in_v1(
        tmp_path):
    func = _load(tmp_path, _one_layer('SoftmaxWithLoss', 'x', 'loss'))
    x, out = _variable(3, 4), _variable()
    patched, _ = _call_patched(func, 'chainer.functions.softmax_cross_entropy',
                               {'x': x}, ['loss'], out)
    patched.assert_called_once_with(x)


def test_softmax_with_loss_options_away_from_the_defaults_are_passed(tmp_path):
    func = _load(tmp_path, _one_layer('SoftmaxWithLoss', ['x', 't'], 'loss', loss_param=dict(
        ignore_label=2, normalization=2)))  # BATCH_SIZE
    x, out = _variable(3, 4), _variable()
    t = chainer.Variable(numpy.array([0, 2, 1], dtype=numpy.int32))
    patched, _ = _call_patched(func, 'chainer.functions.softmax_cross_entropy',
                               {'x': x, 't': t}, ['loss'], out)
    patched.assert_called_once_with(x, t, ignore_label=2, normalize=False)


def test_split_map_maps_split_tops_to_their_bottom_as_in_v1(tmp_path):
    func = _load(tmp_path, _one_layer('Split', 'x', ['y', 'z']))
    assert func.split_map == {'y': 'x', 'z': 'x'}


def _scale_net(bottoms, bias_term):
    shape = (2, 3)
    one_bottom = len(bottoms) == 1
    blobs = [numpy.arange(6, dtype=numpy.float32).reshape(shape)] * (one_bottom + bias_term)
    return _one_layer('Scale', bottoms, 'z', blobs=blobs,
                      scale_param=dict(axis=0, bias_term=bias_term))


@pytest.mark.parametrize('bottoms', [['x'], ['x', 'w']])
@pytest.mark.parametrize('bias_term', [False, True])
def test_scale_layer_calls_its_scale_link_as_in_v1(tmp_path, bottoms, bias_term):
    func = _load(tmp_path, _scale_net(bottoms, bias_term))
    assert isinstance(func.l1, L.Scale)
    assert hasattr(func.l1, 'bias') == bias_term
    inputs = [_variable(2, 3, seed=i) for i in range(len(bottoms))]
    out = _variable(2, 3)
    patched, ys = _call_patched(func, 'chainer.links.Scale.__call__',
                                dict(zip(bottoms, inputs)), ['z'], out)
    patched.assert_called_once_with(*inputs)
    assert ys[0] is out


def test_scale_with_a_0d_factor_still_broadcasts_it(tmp_path):
    func = _load(tmp_path, _scale_net(['x', 'w'], False))
    x = _variable(2, 3)
    w = chainer.Variable(numpy.array(3, dtype=numpy.float32))
    z, = func({'x': x, 'w': w}, ['z'])
    numpy.testing.assert_allclose(z.data, x.data * 3)


def test_inner_product_calls_its_linear_link_as_in_v1(tmp_path):
    net = _one_layer('InnerProduct', 'x', 'y', blobs=[numpy.ones((2, 3), numpy.float32)],
                     inner_product_param=dict(num_output=2, bias_term=False))
    func = _load(tmp_path, net)
    x, out = _variable(4, 3), _variable(4, 2)
    patched, ys = _call_patched(func, 'chainer.links.Linear.__call__', {'x': x}, ['y'],
                                out)
    patched.assert_called_once_with(x)
    assert ys[0] is out


def test_convolution_without_groups_calls_its_link_as_in_v1(tmp_path):
    net = _one_layer('Convolution', 'x', 'y',
                     blobs=[numpy.ones((4, 3, 2, 2), numpy.float32),
                            numpy.zeros(4, numpy.float32)],
                     convolution_param=dict(num_output=4, kernel_size=[2]))
    func = _load(tmp_path, net)
    x, out = _variable(1, 3, 4, 4), _variable(1, 4, 3, 3)
    patched, ys = _call_patched(func, 'chainer.links.Convolution2D.__call__', {'x': x},
                                ['y'], out)
    patched.assert_called_once_with(x)
    assert ys[0] is out
