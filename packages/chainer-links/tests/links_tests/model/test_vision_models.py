"""The v1.24 pre-trained image models (chainer.links.model.vision): architecture as
v1 (parameter names and shapes, so v1's converted .npz files load), the layer table,
``__call__`` stopping at the last requested layer, and weight loading.

Full 224x224 forwards of every model are slow and marked so."""
import numpy
import pytest

from chainer import initializers
import chainer.links as L
from chainer import testing
from chainer.testing import attr
from chainer import variable
from chainer.links.model.vision import googlenet
from chainer.links.model.vision import resnet
from chainer.links.model.vision import vgg
from chainer.serializers import npz


def _param_shapes(link):
    return {name: param.data.shape for name, param in link.namedparams()}


def _zero_model(make, monkeypatch, module):
    """``make('weights.npz')``: the model with v1's zero initialization (any
    pretrained_model path), its loading of that path recorded instead of done."""
    loaded = []
    monkeypatch.setattr(module.npz, 'load_npz', lambda path, obj: loaded.append(path))
    model = make('weights.npz')
    monkeypatch.undo()
    assert loaded == ['weights.npz']
    return model


@pytest.fixture(scope='module')
def vgg16():
    # VGG-16 has 138M parameters: build it once, with v1's fast zero initialization.
    mp = pytest.MonkeyPatch()
    try:
        return _zero_model(lambda path: L.VGG16Layers(pretrained_model=path), mp, vgg)
    finally:
        mp.undo()


def _vgg_expected_shapes():
    # Table written from v1.24's vgg.py: 3x3 convolutions with biases, three Linear.
    shapes = {}
    channels = [(1, 3, 64), (1, 64, 64), (2, 64, 128), (2, 128, 128), (3, 128, 256),
                (3, 256, 256), (3, 256, 256), (4, 256, 512), (4, 512, 512),
                (4, 512, 512), (5, 512, 512), (5, 512, 512), (5, 512, 512)]
    counters = {}
    for block, n_in, n_out in channels:
        counters[block] = counters.get(block, 0) + 1
        name = '/conv{}_{}'.format(block, counters[block])
        shapes[name + '/W'] = (n_out, n_in, 3, 3)
        shapes[name + '/b'] = (n_out,)
    for name, n_in, n_out in [('fc6', 25088, 4096), ('fc7', 4096, 4096),
                              ('fc8', 4096, 1000)]:
        shapes['/{}/W'.format(name)] = (n_out, n_in)
        shapes['/{}/b'.format(name)] = (n_out,)
    return shapes


@attr.slow  # building VGG-16 (138M parameters) takes seconds
def test_vgg16_parameters_are_v1s_names_and_shapes(vgg16):
    assert _param_shapes(vgg16) == _vgg_expected_shapes()


@attr.slow  # building VGG-16 (138M parameters) takes seconds
def test_vgg16_layer_table_is_v1s(vgg16):
    assert vgg16.available_layers == [
        'conv1_1', 'conv1_2', 'pool1', 'conv2_1', 'conv2_2', 'pool2', 'conv3_1',
        'conv3_2', 'conv3_3', 'pool3', 'conv4_1', 'conv4_2', 'conv4_3', 'pool4',
        'conv5_1', 'conv5_2', 'conv5_3', 'pool5', 'fc6', 'fc7', 'fc8', 'prob']


@attr.slow  # building VGG-16 (138M parameters) takes seconds
def test_vgg16_call_stops_at_the_last_requested_layer(vgg16):
    x = numpy.random.uniform(-1, 1, (1, 3, 32, 24)).astype(numpy.float32)
    out = vgg16(variable.Variable(x), layers=['conv1_1', 'pool1'])
    assert sorted(out) == ['conv1_1', 'pool1']
    assert out['pool1'].data.shape == (1, 64, 16, 12)
    # zero weights and biases: ReLU(0) everywhere
    assert not out['conv1_1'].data.any()


def _bottleneck_shapes(prefix, n_in, n_mid, n_out, projection):
    convs = [(n_in, n_mid, 1), (n_mid, n_mid, 3), (n_mid, n_out, 1)]
    if projection:
        convs.append((n_in, n_out, 1))
    shapes = {}
    for i, (a, b, k) in enumerate(convs, 1):
        shapes['{}/conv{}/W'.format(prefix, i)] = (b, a, k, k)
        for p in ('gamma', 'beta'):
            shapes['{}/bn{}/{}'.format(prefix, i, p)] = (b,)
    return shapes


def _resnet_expected_shapes(sizes):
    # Table written from v1.24's resnet.py.
    shapes = {'/conv1/W': (64, 3, 7, 7), '/conv1/b': (64,), '/bn1/gamma': (64,),
              '/bn1/beta': (64,), '/fc6/W': (1000, 2048), '/fc6/b': (1000,)}
    channels = [(64, 64, 256), (256, 128, 512), (512, 256, 1024), (1024, 512, 2048)]
    for stage, size, (n_in, n_mid, n_out) in zip(range(2, 6), sizes, channels):
        shapes.update(_bottleneck_shapes('/res{}/a'.format(stage), n_in, n_mid, n_out,
                                         True))
        for i in range(1, size):
            shapes.update(_bottleneck_shapes('/res{}/b{}'.format(stage, i), n_out,
                                             n_mid, n_out, False))
    return shapes


@pytest.mark.parametrize('make, sizes', [
    (lambda path: L.ResNet50Layers(pretrained_model=path), (3, 4, 6, 3)),
    (lambda path: L.ResNet101Layers(pretrained_model=path), (3, 4, 23, 3)),
    (lambda path: L.ResNet152Layers(pretrained_model=path), (3, 8, 36, 3)),
])
def test_resnet_parameters_are_v1s_names_and_shapes(make, sizes, monkeypatch):
    model = _zero_model(make, monkeypatch, resnet)
    assert _param_shapes(model) == _resnet_expected_shapes(sizes)
    assert model.available_layers == ['conv1', 'pool1', 'res2', 'res3', 'res4', 'res5',
                                      'pool5', 'fc6', 'prob']


def test_resnet50_has_v1s_parameter_count_and_persistent_statistics():
    model = L.ResNet50Layers(pretrained_model=None)
    assert sum(p.data.size for p in model.params()) == 25557096
    # the batch normalization statistics are saved too (v1's npz keys)
    assert model.res2.a.bn4.avg_mean.shape == (256,)


def test_resnet_rejects_other_depths_as_v1():
    with pytest.raises(ValueError, match='50, 101, or 152'):
        resnet.ResNetLayers(None, 34)


def test_resnet_small_input_runs_to_pool5(monkeypatch):
    model = _zero_model(resnet.ResNet50Layers, monkeypatch, resnet)
    x = numpy.random.uniform(-1, 1, (1, 3, 32, 32)).astype(numpy.float32)
    out = model(variable.Variable(x), layers=['pool1', 'pool5'])
    assert out['pool1'].data.shape == (1, 64, 8, 8)
    assert out['pool5'].data.shape == (1, 2048)
    assert 'prob' not in out


def test_bottleneck_b_keeps_the_shape_and_adds_the_input():
    block = resnet.BottleneckB(8, 2, initialW=initializers.Zero())
    x = numpy.random.uniform(-1, 1, (2, 8, 5, 5)).astype(numpy.float32)
    y = block(variable.Variable(x))
    # zero residual: relu(bn(0) + x) with beta 0
    numpy.testing.assert_allclose(y.data, numpy.maximum(x, 0), atol=1e-6)


def test_building_block_chains_a_then_bs():
    block = resnet.BuildingBlock(3, 4, 2, 8, 2)
    assert sorted(name for name, _ in block.namedlinks(skipself=True)
                  if name.count('/') == 1) == ['/a', '/b1', '/b2']
    y = block(variable.Variable(numpy.ones((1, 4, 6, 6), 'f')), test=False)
    assert y.data.shape == (1, 8, 3, 3)


@pytest.fixture
def googlenet_zero(monkeypatch):
    return _zero_model(googlenet.GoogLeNet, monkeypatch, googlenet)


def test_googlenet_parameters_are_v1s_names_and_shapes(googlenet_zero):
    shapes = _param_shapes(googlenet_zero)
    assert shapes['/conv1/W'] == (64, 3, 7, 7)
    assert shapes['/conv2_reduce/W'] == (64, 64, 1, 1)
    assert shapes['/conv2/W'] == (192, 64, 3, 3)
    assert shapes['/inc3a/conv1/W'] == (64, 192, 1, 1)
    assert shapes['/inc4e/conv5/W'] == (128, 32, 5, 5)
    assert shapes['/inc5b/projp/W'] == (128, 832, 1, 1)
    assert shapes['/loss1_conv/W'] == (128, 512, 1, 1)
    assert shapes['/loss2_conv/W'] == (128, 528, 1, 1)
    assert shapes['/loss1_fc1/W'] == shapes['/loss2_fc1/W'] == (1024, 2048)
    assert shapes['/loss3_fc/W'] == (1000, 1024)
    assert len(shapes) == 2 * (3 + 9 * 6 + 7)
    assert sum(numpy.prod(s) for s in shapes.values()) == 13378280


def test_googlenet_layer_table_is_v1s(googlenet_zero):
    assert googlenet_zero.available_layers == [
        'conv1', 'pool1', 'conv2_reduce', 'conv2', 'pool2', 'inception_3a',
        'inception_3b', 'pool3', 'inception_4a', 'inception_4b', 'inception_4c',
        'inception_4d', 'inception_4e', 'pool4', 'inception_5a', 'inception_5b',
        'pool5', 'loss3_fc', 'prob', 'loss1_fc2', 'loss2_fc2']


def test_googlenet_call_stops_early_and_auxiliary_heads_branch(googlenet_zero):
    x = numpy.random.uniform(-1, 1, (1, 3, 40, 30)).astype(numpy.float32)
    out = googlenet_zero(variable.Variable(x), layers=['pool1'])
    assert list(out) == ['pool1'] and out['pool1'].data.shape == (1, 64, 10, 7)

    calls = []
    head_input = googlenet_zero.functions['loss1_fc2'][1]
    googlenet_zero.functions['loss1_fc2'][0] = lambda h: calls.append(h) or h
    googlenet_zero.functions['loss1_fc2'][1:] = [lambda h: h]
    googlenet_zero.functions['loss2_fc2'][:] = [lambda h: calls.append(h) or h]
    # the heads come after prob in the table, so the main path runs to pool5 (7x7)
    x = numpy.random.uniform(-1, 1, (1, 3, 224, 224)).astype(numpy.float32)
    out = googlenet_zero(variable.Variable(x), layers=['inception_4a', 'inception_4d',
                                                       'loss1_fc2', 'loss2_fc2'])
    assert head_input is googlenet_zero.loss1_conv
    # each auxiliary head starts from its Inception output, not from prob
    assert calls[0] is out['inception_4a'] and calls[1] is out['inception_4d']


def test_pretrained_path_loads_a_saved_npz_round_trip(tmp_path):
    source = L.GoogLeNet(pretrained_model=None)
    path = str(tmp_path / 'googlenet.npz')
    npz.save_npz(path, source, compression=False)
    loaded = L.GoogLeNet(pretrained_model=path)
    numpy.testing.assert_array_equal(loaded.inc4b.conv3.W.data, source.inc4b.conv3.W.data)
    numpy.testing.assert_array_equal(loaded.loss2_fc1.b.data, source.loss2_fc1.b.data)


def test_links_namespace_exports_v1s_vision_models():
    assert L.GoogLeNet is googlenet.GoogLeNet
    assert L.VGG16Layers is vgg.VGG16Layers
    assert (L.ResNet50Layers, L.ResNet101Layers, L.ResNet152Layers) == (
        resnet.ResNet50Layers, resnet.ResNet101Layers, resnet.ResNet152Layers)


@attr.slow
@pytest.mark.parametrize('cls', [resnet.ResNet50Layers, googlenet.GoogLeNet])
def test_full_forward_gives_probabilities(cls):
    model = cls(pretrained_model=None)
    x = numpy.random.uniform(-1, 1, (1, 3, 224, 224)).astype(numpy.float32)
    with numpy.errstate(all='ignore'):
        prob = model(variable.Variable(x))['prob'].data
    assert prob.shape == (1, 1000)


@attr.slow
def test_vgg16_full_forward_gives_probabilities(vgg16):
    x = numpy.random.uniform(-1, 1, (1, 3, 224, 224)).astype(numpy.float32)
    prob = vgg16(variable.Variable(x))['prob'].data
    numpy.testing.assert_allclose(prob, numpy.full((1, 1000), 1e-3, 'f'), rtol=1e-5)



@pytest.mark.skipif(not resnet.available, reason='Pillow is not installed')
def test_prepare_is_bgr_mean_subtracted_chw_float32_as_v1():
    rgb = numpy.random.randint(0, 256, (5, 4, 3)).astype(numpy.uint8)
    for module, mean in [(resnet, (103.063, 115.903, 123.152)),
                         (vgg, (103.939, 116.779, 123.68)),
                         (googlenet, (104.0, 117.0, 123.0))]:
        expected = (rgb[:, :, ::-1].astype(numpy.float32) -
                    numpy.array(mean, numpy.float32)).transpose(2, 0, 1)
        for image in (rgb, rgb.transpose(2, 0, 1)):  # HWC and CHW arrays
            y = module.prepare(image, size=None)
            assert y.dtype == numpy.float32
            numpy.testing.assert_array_equal(y, expected)
    gray = numpy.random.randint(0, 256, (6, 10)).astype(numpy.uint8)
    y = vgg.prepare(gray[None], size=(8, 4))  # PIL size: (width, height)
    assert y.shape == (3, 4, 8)
    numpy.testing.assert_array_equal(y[0] + 103.939, y[1] + 116.779)


def test_prepare_without_pillow_raises_import_error_as_v1(monkeypatch):
    monkeypatch.setattr(googlenet, 'available', False)
    with pytest.raises(ImportError, match='Install Pillow'):
        googlenet.prepare(numpy.zeros((4, 4, 3), numpy.uint8))


def _training_installed():
    try:
        import chainer.dataset  # noqa: F401
    except ImportError:  # the install hint of a missing chainer-training
        return False
    return True


_PIP_EXTRA = r'pip install "chainer-links\[pretrained\]"'


def test_auto_without_chainer_training_says_pip_install(monkeypatch):
    import sys
    # as if chainer-training were missing: the import of the module fails
    monkeypatch.setitem(sys.modules, 'chainer.dataset.download', None)
    with pytest.raises(ImportError, match=_PIP_EXTRA) as info:
        googlenet.GoogLeNet()  # pretrained_model='auto' reads the dataset cache
    assert 'chainer-training distribution' in str(info.value)


def test_given_a_path_or_none_the_models_need_no_sibling(monkeypatch, tmp_path):
    import sys
    monkeypatch.setitem(sys.modules, 'chainer.dataset.download', None)
    monkeypatch.setitem(sys.modules, 'chainer.links.caffe.caffe_function', None)
    source = googlenet.GoogLeNet(pretrained_model=None)
    path = str(tmp_path / 'g.npz')
    npz.save_npz(path, source)
    model = googlenet.GoogLeNet(pretrained_model=path)
    numpy.testing.assert_array_equal(model.conv2.W.data, source.conv2.W.data)


@pytest.fixture
def dataset_root(tmp_path):
    if not _training_installed():
        pytest.skip("pretrained_model='auto' needs chainer-training")
    from chainer.dataset import download
    old = download.get_dataset_root()
    download.set_dataset_root(str(tmp_path))
    yield tmp_path
    download.set_dataset_root(old)


def test_auto_loads_the_cached_npz_under_v1s_name(dataset_root):
    source = googlenet.GoogLeNet(pretrained_model=None)
    directory = dataset_root / 'pfnet' / 'chainer' / 'models'
    directory.mkdir(parents=True)
    npz.save_npz(str(directory / 'bvlc_googlenet.npz'), source, compression=False)
    model = googlenet.GoogLeNet()  # pretrained_model='auto'
    numpy.testing.assert_array_equal(model.conv2.W.data, source.conv2.W.data)


def test_auto_without_network_names_the_file_to_place(dataset_root, monkeypatch):
    from urllib import error
    from urllib import request

    def no_network(url, path):
        raise error.URLError('no network')
    monkeypatch.setattr(request, 'urlretrieve', no_network)
    expected = str(dataset_root / 'pfnet' / 'chainer' / 'models' / 'bvlc_googlenet.npz')
    with pytest.raises(IOError, match='bvlc_googlenet.caffemodel') as info:
        googlenet.GoogLeNet()
    assert expected in str(info.value)


def test_resnet_auto_without_caffemodel_says_where_to_place_it(dataset_root):
    # as v1, the ResNet caffemodels are not downloaded
    with pytest.raises(IOError, match='deep-residual-networks') as info:
        resnet.ResNet50Layers()
    assert 'ResNet-50-model.caffemodel' in str(info.value)


def test_convert_without_chainer_caffe_says_pip_install(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, 'chainer.links.caffe.caffe_function', None)
    with pytest.raises(ImportError, match=_PIP_EXTRA) as info:
        vgg.VGG16Layers.convert_caffemodel_to_npz('model.caffemodel', 'model.npz')
    assert 'chainer-caffe distribution' in str(info.value)


class _CaffeLayers(object):
    """Stands in for a CaffeFunction: every layer, looked up by attribute (ResNet)
    or by name (GoogLeNet), carries parameters filled with a number of its own, so
    a test can tell which caffe layer a model parameter was copied from."""

    def __init__(self):
        self.values = {}

    def value(self, name, field):
        return self.values.setdefault((name, field), float(len(self.values) + 1))

    def __getitem__(self, name):
        def param(field):
            return type('Param', (), {'data': numpy.float32(self.value(name, field))})
        layer = type('Layer', (), {})()
        layer.W, layer.b = param('W'), param('b')
        layer.avg_mean = numpy.float32(self.value(name, 'avg_mean'))
        layer.avg_var = numpy.float32(self.value(name, 'avg_var'))
        layer.bias = type('Bias', (), {'b': param('bias')})
        return layer

    def __getattr__(self, name):
        if name.startswith('__') or name == 'values':
            raise AttributeError(name)
        return self[name]

    def names(self):
        return {name for name, _ in self.values}


def _resnet_caffe_names(block_names):
    names = {'conv1', 'bn_conv1', 'scale_conv1', 'fc1000'}
    for stage_names in block_names:
        for i, name in enumerate(stage_names):
            for branch in ['2a', '2b', '2c'] + (['1'] if i == 0 else []):
                for kind in ('res', 'bn', 'scale'):
                    names.add('{}{}_branch{}'.format(kind, name, branch))
    return names


def test_resnet50_transfer_reads_msras_layer_names(monkeypatch):
    model = _zero_model(resnet.ResNet50Layers, monkeypatch, resnet)
    src = _CaffeLayers()
    resnet._transfer(src, model, 50)
    # v1's naming of the ResNet-50 caffemodel: letters within each stage
    assert src.names() == _resnet_caffe_names(
        [['2a', '2b', '2c'], ['3a', '3b', '3c', '3d'],
         ['4a', '4b', '4c', '4d', '4e', '4f'], ['5a', '5b', '5c']])
    assert model.res3.b2.conv2.W.data[0, 0, 0, 0] == \
        src.values[('res3c_branch2b', 'W')]
    assert model.res2.a.bn4.gamma.data[0] == src.values[('scale2a_branch1', 'W')]
    assert model.res2.a.bn4.beta.data[0] == src.values[('scale2a_branch1', 'bias')]
    assert model.res5.b1.bn3.avg_var[0] == src.values[('bn5b_branch2c', 'avg_var')]
    assert model.conv1.b.data[0] == src.values[('conv1', 'b')]
    assert model.fc6.W.data[0, 0] == src.values[('fc1000', 'W')]


def test_resnet101_transfer_reads_numbered_layer_names(monkeypatch):
    model = _zero_model(resnet.ResNet101Layers, monkeypatch, resnet)
    src = _CaffeLayers()
    resnet._transfer(src, model, 101)
    assert src.names() == _resnet_caffe_names(
        [['2a', '2b', '2c'], ['3a', '3b1', '3b2', '3b3'],
         ['4a'] + ['4b{}'.format(i) for i in range(1, 23)], ['5a', '5b', '5c']])
    assert model.res4.b22.conv1.W.data[0, 0, 0, 0] == \
        src.values[('res4b22_branch2a', 'W')]
    assert not model.conv1.b.data.any()  # the ResNet-101 caffemodel has no conv1 bias


def test_googlenet_convert_writes_an_npz_that_googlenet_loads(tmp_path, monkeypatch):
    src = _CaffeLayers()
    monkeypatch.setattr(googlenet._pretrained, 'caffe_function', lambda path: src)
    path = str(tmp_path / 'bvlc_googlenet.npz')
    googlenet.GoogLeNet.convert_caffemodel_to_npz('bvlc_googlenet.caffemodel', path)
    model = L.GoogLeNet(pretrained_model=path)
    expected = {'conv1/7x7_s2', 'conv2/3x3_reduce', 'conv2/3x3', 'loss1/conv',
                'loss1/fc', 'loss1/classifier', 'loss2/conv', 'loss2/fc',
                'loss2/classifier', 'loss3/classifier'}
    for name in ('3a', '3b', '4a', '4b', '4c', '4d', '4e', '5a', '5b'):
        expected |= {'inception_{}/{}'.format(name, suffix) for suffix in
                     ('1x1', '3x3_reduce', '3x3', '5x5_reduce', '5x5', 'pool_proj')}
    assert src.names() == expected
    numpy.testing.assert_array_equal(
        model.inc4d.proj5.W.data,
        numpy.full((32, 512, 1, 1), src.values[('inception_4d/5x5_reduce', 'W')]))
    assert model.loss2_fc1.b.data[0] == src.values[('loss2/fc', 'b')]
    assert model.conv2_reduce.W.data[0, 0, 0, 0] == \
        src.values[('conv2/3x3_reduce', 'W')]


testing.run_module(__name__, __file__)


def _tiny_vgg(monkeypatch, n_layers, pretrained_model=None):
    """A VGG whose convolutions and linears are 1x1 stand-ins: the structure (names,
    layer table, pretrained-model plumbing) without 140M parameters."""
    monkeypatch.setattr(vgg, 'Convolution2D', lambda *args, **kwargs: L.Convolution2D(1, 1, 1))
    monkeypatch.setattr(vgg, 'Linear', lambda *args, **kwargs: L.Linear(1, 1))
    cls = {16: L.VGG16Layers, 19: L.VGG19Layers}[n_layers]
    return cls(pretrained_model=pretrained_model)


def test_vgg19_has_four_convolutions_in_the_last_three_blocks(monkeypatch):
    model = _tiny_vgg(monkeypatch, 19)
    assert isinstance(model, vgg.VGGLayers)
    assert model.available_layers == [
        'conv1_1', 'conv1_2', 'pool1', 'conv2_1', 'conv2_2', 'pool2', 'conv3_1',
        'conv3_2', 'conv3_3', 'conv3_4', 'pool3', 'conv4_1', 'conv4_2', 'conv4_3',
        'conv4_4', 'pool4', 'conv5_1', 'conv5_2', 'conv5_3', 'conv5_4', 'pool5', 'fc6',
        'fc7', 'fc8', 'prob']
    names = sorted(name for name, _ in model.namedlinks(skipself=True))
    assert len(names) == 16 + 3 and '/conv5_4' in names and '/conv3_4' in names
    assert len(_tiny_vgg(monkeypatch, 16).available_layers) == 22


def test_vgg_auto_loads_the_model_of_its_depth(monkeypatch):
    seen = []

    def load_auto(model, name, download, convert):
        seen.append(name)
        download('target.npz')
    monkeypatch.setattr(vgg._pretrained, 'load_auto', load_auto)
    monkeypatch.setattr(vgg._pretrained, 'download_caffemodel',
                        lambda url, path: seen.append(url))
    _tiny_vgg(monkeypatch, 19, 'auto')
    _tiny_vgg(monkeypatch, 16, 'auto')
    assert seen[0] == 'VGG_ILSVRC_19_layers.npz' and seen[1].endswith(
        '/VGG_ILSVRC_19_layers.caffemodel')
    assert seen[2] == 'VGG_ILSVRC_16_layers.npz' and seen[3].endswith(
        '/VGG_ILSVRC_16_layers.caffemodel')


def test_vgg_layers_takes_16_or_19():
    with pytest.raises(ValueError, match='16 or 19'):
        vgg.VGGLayers(pretrained_model=None, n_layers=11)


@attr.slow  # building VGG-19 (144M parameters) takes seconds
def test_vgg19_parameter_shapes(monkeypatch):
    model = _zero_model(lambda path: L.VGG19Layers(pretrained_model=path), monkeypatch,
                        vgg)
    shapes = _param_shapes(model)
    assert len(shapes) == 2 * 19
    assert shapes['/conv3_4/W'] == (256, 256, 3, 3)
    assert shapes['/conv5_4/W'] == (512, 512, 3, 3) and shapes['/fc6/W'] == (4096, 25088)
