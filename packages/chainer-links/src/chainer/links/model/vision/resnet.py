"""Residual networks of MSRA (``chainer.links.model.vision.resnet``, v1.24).

K. He et al., Deep Residual Learning for Image Recognition (arXiv:1512.03385). The
caffemodels are not downloaded automatically (as in v1): get them from
https://github.com/KaimingHe/deep-residual-networks.
"""
import collections
import os

from chainer import flag
import chainer.functions as F
from chainer import initializers
from chainer import link
from chainer.links.connection.convolution_2d import Convolution2D
from chainer.links.connection.linear import Linear
from chainer.links.model.vision import _image
from chainer.links.model.vision import _layers_model
from chainer.links.model.vision import _pretrained
from chainer.links.normalization.batch_normalization import BatchNormalization
from chainer.serializers import npz

available = _image.available

# The mean pixel rather than the paper's mean image, so that any size works (as v1).
_MEAN_BGR = (103.063, 115.903, 123.152)
# number of layers -> number of bottlenecks in res2 .. res5
_BLOCK_SIZES = {50: (3, 4, 6, 3), 101: (3, 4, 23, 3), 152: (3, 8, 36, 3)}
# res2 .. res5: (input channels, bottleneck channels, output channels, stride)
_BLOCK_CHANNELS = ((64, 64, 256, 1), (256, 128, 512, 2), (512, 256, 1024, 2),
                   (1024, 512, 2048, 2))


def prepare(image, size=(224, 224)):
    """Converts an RGB image into a ResNet input.

    The image is resized, turned to BGR, the mean pixel of the training data is
    subtracted, and the channels are moved first.

    Args:
        image (PIL.Image or numpy.ndarray): An RGB image; an array is
            ``(height, width)``, ``(height, width, channels)`` or
            ``(channels, height, width)``.
        size (pair of ints or None): Size given to ``PIL.Image.resize`` (width,
            height); ``None`` keeps the size.

    Returns:
        numpy.ndarray: float32 array of shape ``(3, height, width)``.
    """
    _image.require_pillow(available)
    return _image.to_bgr_chw(image, size, _MEAN_BGR)


def _check_n_layers(n_layers):
    if n_layers not in _BLOCK_SIZES:
        raise ValueError('The n_layers argument should be either 50, 101, or 152, but '
                         '{} was given.'.format(n_layers))


def _conv_bn(in_channels, out_channels, ksize, stride, initialW):
    """A bias-free convolution and its batch normalization (padding keeps the size)."""
    return (Convolution2D(in_channels, out_channels, ksize, stride, ksize // 2,
                          initialW=initialW, nobias=True),
            BatchNormalization(out_channels))


def _bottleneck_links(in_channels, mid_channels, out_channels, stride, initialW):
    """conv1/bn1 .. conv3/bn3 of a bottleneck: 1x1 (strided), 3x3, 1x1."""
    shapes = ((in_channels, mid_channels, 1, stride), (mid_channels, mid_channels, 3, 1),
              (mid_channels, out_channels, 1, 1))
    links = {}
    for i, (n_in, n_out, ksize, s) in enumerate(shapes, 1):
        links['conv%d' % i], links['bn%d' % i] = _conv_bn(n_in, n_out, ksize, s, initialW)
    return links


class _Bottleneck(link.Chain):

    def _residual(self, x, test):
        h = F.relu(self.bn1(self.conv1(x), test=test))
        h = F.relu(self.bn2(self.conv2(h), test=test))
        return self.bn3(self.conv3(h), test=test)


class BottleneckA(_Bottleneck):
    """Bottleneck whose shortcut is a strided 1x1 projection (conv4, bn4): it changes
    the number of channels and, with ``stride`` > 1, reduces the resolution.

    Args:
        in_channels (int): Channels of the input.
        mid_channels (int): Channels inside the bottleneck.
        out_channels (int): Channels of the output.
        stride (int or pair of ints): Stride of the first convolution and shortcut.
        initialW: Initializer of the convolution weights.
    """

    def __init__(self, in_channels, mid_channels, out_channels, stride=2,
                 initialW=None):
        links = _bottleneck_links(in_channels, mid_channels, out_channels, stride,
                                  initialW)
        links['conv4'], links['bn4'] = _conv_bn(in_channels, out_channels, 1, stride,
                                                initialW)
        super(BottleneckA, self).__init__(**links)

    def __call__(self, x, test=True):
        """Residual plus projected shortcut, then ReLU (BN in test mode if ``test``)."""
        shortcut = self.bn4(self.conv4(x), test=test)
        return F.relu(self._residual(x, test) + shortcut)


class BottleneckB(_Bottleneck):
    """Bottleneck with an identity shortcut: the output has the input's shape.

    Args:
        in_channels (int): Channels of the input and the output.
        mid_channels (int): Channels inside the bottleneck.
        initialW: Initializer of the convolution weights.
    """

    def __init__(self, in_channels, mid_channels, initialW=None):
        super(BottleneckB, self).__init__(
            **_bottleneck_links(in_channels, mid_channels, in_channels, 1, initialW))

    def __call__(self, x, test=True):
        """Residual plus input, then ReLU (BN in test mode if ``test``)."""
        return F.relu(self._residual(x, test) + x)


class BuildingBlock(link.Chain):
    """A :class:`BottleneckA` (link ``a``) followed by ``n_layer - 1``
    :class:`BottleneckB` (links ``b1``, ``b2``, ...).

    Args:
        n_layer (int): Number of bottlenecks.
        in_channels (int): Channels of the input.
        mid_channels (int): Channels inside the bottlenecks.
        out_channels (int): Channels of the output.
        stride (int or pair of ints): Stride of the first bottleneck.
        initialW: Initializer of the convolution weights.
    """

    def __init__(self, n_layer, in_channels, mid_channels, out_channels, stride,
                 initialW=None):
        names = ['a'] + ['b{}'.format(i) for i in range(1, n_layer)]
        links = {'a': BottleneckA(in_channels, mid_channels, out_channels, stride,
                                  initialW)}
        for name in names[1:]:
            links[name] = BottleneckB(out_channels, mid_channels, initialW)
        super(BuildingBlock, self).__init__(**links)
        self._order = names

    def __call__(self, x, test=True):
        """Applies the bottlenecks in order (BN in test mode if ``test``)."""
        for name in self._order:
            x = getattr(self, name)(x, test=test)
        return x


def _global_average_pooling_2d(x):
    n, channels, rows, cols = x.data.shape
    return F.reshape(F.average_pooling_2d(x, (rows, cols), stride=1), (n, channels))


def _max_pooling_2d(x):
    return F.max_pooling_2d(x, ksize=3, stride=2)


class ResNetLayers(_layers_model.LayersModel):
    """A residual network of 50, 101 or 152 layers as a chain whose intermediate
    outputs can be extracted by name.

    Args:
        pretrained_model (str or None): A path ending in ``.caffemodel`` names the
            caffemodel in ``$CHAINER_DATASET_ROOT/pfnet/chainer/models/`` (an
            absolute path is used as it is): the converted model
            ``ResNet-{n_layers}-model.npz`` there is loaded, and made from the
            caffemodel on first use (needs chainer-training and chainer-caffe; the
            caffemodel is not downloaded). Another path loads that ``.npz`` file.
            ``None`` initializes at random as in the paper (``HeNormal`` weights).
        n_layers (int): 50, 101 or 152.

    Attributes:
        available_layers (list of str): The layer names ``__call__`` and ``extract``
            accept, in the order they are computed.
    """

    _prepare = staticmethod(prepare)

    def __init__(self, pretrained_model, n_layers):
        _check_n_layers(n_layers)
        if pretrained_model:
            # The weights are overwritten: zeros are faster to make than samples.
            initialW = initializers.Zero()
        else:
            initialW = initializers.HeNormal(scale=1.0)
        blocks = {'res{}'.format(i): BuildingBlock(size, *(channels + (initialW,)))
                  for i, size, channels in zip(range(2, 6), _BLOCK_SIZES[n_layers],
                                               _BLOCK_CHANNELS)}
        super(ResNetLayers, self).__init__(
            conv1=Convolution2D(3, 64, 7, 2, 3, initialW=initialW),
            bn1=BatchNormalization(64),
            fc6=Linear(2048, 1000),
            **blocks)
        if pretrained_model and pretrained_model.endswith('.caffemodel'):
            self._load_auto(pretrained_model, n_layers)
        elif pretrained_model:
            npz.load_npz(pretrained_model, self)
        self.functions = self._stages()

    def _load_auto(self, name_caffemodel, n_layers):
        def get_caffemodel(path_npz):
            path = os.path.join(_pretrained.models_directory(), name_caffemodel)
            if not os.path.exists(path):
                raise IOError(
                    'The pre-trained caffemodel does not exist. Please download it '
                    'from https://github.com/KaimingHe/deep-residual-networks and '
                    'place it on {}, or place the converted model on {}.'.format(
                        path, path_npz))
            return path

        def convert(path_caffemodel, path_npz):
            ResNetLayers.convert_caffemodel_to_npz(path_caffemodel, path_npz, n_layers)

        _pretrained.load_auto(self, 'ResNet-{}-model.npz'.format(n_layers),
                              get_caffemodel, convert)

    def _stages(self):
        return collections.OrderedDict([
            ('conv1', [self.conv1, self.bn1, F.relu]),
            ('pool1', [_max_pooling_2d]),
            ('res2', [self.res2]),
            ('res3', [self.res3]),
            ('res4', [self.res4]),
            ('res5', [self.res5]),
            ('pool5', [_global_average_pooling_2d]),
            ('fc6', [self.fc6]),
            ('prob', [F.softmax]),
        ])

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz, n_layers=50):
        """Converts MSRA's caffemodel into a ``.npz`` file this model loads.

        Needs chainer-caffe.

        Args:
            path_caffemodel (str): Path of the pre-trained caffemodel.
            path_npz (str): Path of the ``.npz`` file to write.
            n_layers (int): 50, 101 or 152 (the caffemodels name their layers
                differently).
        """
        _check_n_layers(n_layers)
        caffemodel = _pretrained.caffe_function(path_caffemodel)
        model = ResNetLayers(None, n_layers)
        _transfer(caffemodel, model, n_layers)
        npz.save_npz(path_npz, model, compression=False)

    def __call__(self, x, layers=('prob',), test=True):
        """Computes the outputs of the requested layers (and stops after the last).

        Args:
            x (~chainer.Variable): ``(N, 3, H, W)`` input, see :func:`prepare`.
            layers (list of str): Names from :attr:`available_layers`.
            test (bool): If ``True``, batch normalization runs in test mode.

        Returns:
            dict: Layer name to its output :class:`~chainer.Variable`.
        """
        def apply(func, h):
            if isinstance(func, (BatchNormalization, BuildingBlock)):
                return func(h, test=test)
            return func(h)
        return self._run_stages(x, layers, apply)

    def extract(self, images, layers=('pool5',), size=(224, 224), test=True,
                volatile=flag.OFF):
        """Prepares the images and computes the outputs of the requested layers.

        Args:
            images (iterable of PIL.Image or numpy.ndarray): RGB images.
            layers (list of str): Names from :attr:`available_layers`.
            size (pair of ints or None): Size the images are resized to; with
                ``None`` all images must have the same size.
            test (bool): If ``True``, batch normalization runs in test mode.
            volatile (~chainer.Flag): Volatility of the input variable.

        Returns:
            dict: Layer name to its output :class:`~chainer.Variable`.
        """
        x = self._images_to_variable(images, size, volatile)
        return self(x, layers=layers, test=test)


def _auto_caffemodel(pretrained_model, n_layers):
    """``'auto'`` is v1's name of the caffemodel in the models directory."""
    if pretrained_model == 'auto':
        return 'ResNet-{}-model.caffemodel'.format(n_layers)
    return pretrained_model


class ResNet50Layers(ResNetLayers):
    """ResNet-50 (see :class:`ResNetLayers`): 25.6M parameters, nearly the accuracy of
    the deeper ones.

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted model
            ``$CHAINER_DATASET_ROOT/pfnet/chainer/models/ResNet-50-model.npz``, made on
            first use from ``ResNet-50-model.caffemodel`` placed in that directory.
            A path loads that ``.npz`` file; ``None`` initializes at random.
    """

    def __init__(self, pretrained_model='auto'):
        super(ResNet50Layers, self).__init__(_auto_caffemodel(pretrained_model, 50), 50)


class ResNet101Layers(ResNetLayers):
    """ResNet-101 (see :class:`ResNetLayers`).

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted model
            ``$CHAINER_DATASET_ROOT/pfnet/chainer/models/ResNet-101-model.npz``, made
            on first use from ``ResNet-101-model.caffemodel`` placed in that
            directory. A path loads that ``.npz`` file; ``None`` initializes at random.
    """

    def __init__(self, pretrained_model='auto'):
        super(ResNet101Layers, self).__init__(
            _auto_caffemodel(pretrained_model, 101), 101)


class ResNet152Layers(ResNetLayers):
    """ResNet-152 (see :class:`ResNetLayers`).

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted model
            ``$CHAINER_DATASET_ROOT/pfnet/chainer/models/ResNet-152-model.npz``, made
            on first use from ``ResNet-152-model.caffemodel`` placed in that
            directory. A path loads that ``.npz`` file; ``None`` initializes at random.
    """

    def __init__(self, pretrained_model='auto'):
        super(ResNet152Layers, self).__init__(
            _auto_caffemodel(pretrained_model, 152), 152)


def _transfer_conv_bn(src, conv, bn, caffe_suffix):
    """Copies caffe's ``res{s}``/``bn{s}``/``scale{s}`` layers into conv and bn."""
    conv.W.data[:] = getattr(src, 'res' + caffe_suffix).W.data
    _transfer_bn(getattr(src, 'bn' + caffe_suffix), getattr(src, 'scale' + caffe_suffix),
                 bn)


def _transfer_bn(src_bn, src_scale, bn):
    # Caffe splits batch normalization into statistics (BatchNorm) and an affine Scale.
    bn.avg_mean[:] = src_bn.avg_mean
    bn.avg_var[:] = src_bn.avg_var
    bn.gamma.data[:] = src_scale.W.data
    bn.beta.data[:] = src_scale.bias.b.data


def _caffe_block_names(stage, size, n_layers):
    """Caffe names of a block's bottlenecks: 2a, 2b, 2c ... for ResNet-50 and for
    the short blocks; 4a, 4b1, 4b2 ... in the long blocks of ResNet-101/152."""
    if n_layers == 50 or size <= 3:
        return ['{}{}'.format(stage, chr(ord('a') + i)) for i in range(size)]
    return ['{}a'.format(stage)] + ['{}b{}'.format(stage, i) for i in range(1, size)]


def _transfer(src, dst, n_layers):
    """Copies MSRA's caffemodel layers (attributes of ``src``) into ``dst``."""
    dst.conv1.W.data[:] = src.conv1.W.data
    if n_layers == 50:  # only ResNet-50's first convolution has a bias
        dst.conv1.b.data[:] = src.conv1.b.data
    _transfer_bn(src.bn_conv1, src.scale_conv1, dst.bn1)
    for stage, size in zip(range(2, 6), _BLOCK_SIZES[n_layers]):
        block = getattr(dst, 'res{}'.format(stage))
        for i, name in enumerate(_caffe_block_names(stage, size, n_layers)):
            bottleneck = block.a if i == 0 else getattr(block, 'b{}'.format(i))
            branches = ['2a', '2b', '2c'] + (['1'] if i == 0 else [])
            for j, branch in enumerate(branches, 1):
                _transfer_conv_bn(src, getattr(bottleneck, 'conv%d' % j),
                                  getattr(bottleneck, 'bn%d' % j),
                                  '{}_branch{}'.format(name, branch))
    dst.fc6.W.data[:] = src.fc1000.W.data
    dst.fc6.b.data[:] = src.fc1000.b.data
