"""VGG-16 and VGG-19 of the Visual Geometry Group (``chainer.links.model.vision.vgg``;
VGG-16 in v1.24, VGG-19 and the common :class:`VGGLayers` from v2).

K. Simonyan and A. Zisserman, Very Deep Convolutional Networks for Large-Scale Image
Recognition (arXiv:1409.1556). The pre-trained weights are released by the authors
under the Creative Commons Attribution License.
"""
import collections

from chainer import flag
import chainer.functions as F
from chainer import initializers
from chainer.links.connection.convolution_2d import Convolution2D
from chainer.links.connection.linear import Linear
from chainer.links.model.vision import _image
from chainer.links.model.vision import _layers_model
from chainer.links.model.vision import _pretrained
from chainer.serializers import npz

available = _image.available

_MEAN_BGR = (103.939, 116.779, 123.68)
_CAFFEMODEL_URL = ('http://www.robots.ox.ac.uk/%7Evgg/software/very_deep/caffe/'
                   'VGG_ILSVRC_{}_layers.caffemodel')
# per depth: (block, number of 3x3 convolutions, output channels) of the five blocks
_BLOCKS = {16: ((1, 2, 64), (2, 2, 128), (3, 3, 256), (4, 3, 512), (5, 3, 512)),
           19: ((1, 2, 64), (2, 2, 128), (3, 4, 256), (4, 4, 512), (5, 4, 512))}


def prepare(image, size=(224, 224)):
    """Converts an RGB image into a VGG input.

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


def _max_pooling_2d(x):
    return F.max_pooling_2d(x, ksize=2)


class VGGLayers(_layers_model.LayersModel):
    """VGG-16 or VGG-19 as a chain whose intermediate outputs can be extracted by name.

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted model cached as
            ``$CHAINER_DATASET_ROOT/pfnet/chainer/models/VGG_ILSVRC_<n>_layers.npz``;
            when missing, the caffemodel is downloaded and converted into it (this
            needs chainer-training and chainer-caffe, and a network). A path loads
            that ``.npz`` file. ``None`` initializes at random as in the paper
            (weights ``Normal(0.01)``, biases zero).
        n_layers (int): 16 or 19.

    Attributes:
        available_layers (list of str): The layer names ``__call__`` and ``extract``
            accept, in the order they are computed.
    """

    _prepare = staticmethod(prepare)

    def __init__(self, pretrained_model='auto', n_layers=16):
        if n_layers not in _BLOCKS:
            raise ValueError('n_layers must be 16 or 19, got {!r}'.format(n_layers))
        self._blocks = _BLOCKS[n_layers]
        if pretrained_model:
            # The weights are overwritten: zeros are faster to make than samples.
            kwargs = {'initialW': initializers.Zero(), 'initial_bias': initializers.Zero()}
        else:
            kwargs = {'initialW': initializers.Normal(0.01),
                      'initial_bias': initializers.Zero()}
        links = {}
        in_channels = 3
        for block, n_convs, channels in self._blocks:
            for i in range(1, n_convs + 1):
                links['conv{}_{}'.format(block, i)] = Convolution2D(
                    in_channels, channels, 3, 1, 1, **kwargs)
                in_channels = channels
        links['fc6'] = Linear(512 * 7 * 7, 4096, **kwargs)
        links['fc7'] = Linear(4096, 4096, **kwargs)
        links['fc8'] = Linear(4096, 1000, **kwargs)
        super(VGGLayers, self).__init__(**links)
        if pretrained_model == 'auto':
            url = _CAFFEMODEL_URL.format(n_layers)
            _pretrained.load_auto(
                self, 'VGG_ILSVRC_{}_layers.npz'.format(n_layers),
                lambda path_npz: _pretrained.download_caffemodel(url, path_npz),
                type(self).convert_caffemodel_to_npz)
        elif pretrained_model:
            npz.load_npz(pretrained_model, self)
        self.functions = self._stages()

    def _stages(self):
        stages = []
        for block, n_convs, _ in self._blocks:
            for i in range(1, n_convs + 1):
                name = 'conv{}_{}'.format(block, i)
                stages.append((name, [getattr(self, name), F.relu]))
            stages.append(('pool{}'.format(block), [_max_pooling_2d]))
        stages += [('fc6', [self.fc6, F.relu, F.dropout]),
                   ('fc7', [self.fc7, F.relu, F.dropout]),
                   ('fc8', [self.fc8]),
                   ('prob', [F.softmax])]
        return collections.OrderedDict(stages)

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz):
        """Converts the VGG caffemodel into a ``.npz`` file this model loads.

        The caffemodel's layers already carry this model's link names, so the loaded
        ``CaffeFunction`` is saved as it is. Needs chainer-caffe.

        Args:
            path_caffemodel (str): Path of the pre-trained caffemodel.
            path_npz (str): Path of the ``.npz`` file to write.
        """
        npz.save_npz(path_npz, _pretrained.caffe_function(path_caffemodel),
                     compression=False)

    def __call__(self, x, layers=('prob',), test=True):
        """Computes the outputs of the requested layers (and stops after the last).

        Args:
            x (~chainer.Variable): ``(N, 3, 224, 224)`` input, see :func:`prepare`.
            layers (list of str): Names from :attr:`available_layers`.
            test (bool): If ``True``, dropout is disabled.

        Returns:
            dict: Layer name to its output :class:`~chainer.Variable`.
        """
        def apply(func, h):
            if func is F.dropout:
                return func(h, train=not test)
            return func(h)
        return self._run_stages(x, layers, apply)

    def extract(self, images, layers=('fc7',), size=(224, 224), test=True,
                volatile=flag.OFF):
        """Prepares the images and computes the outputs of the requested layers.

        Args:
            images (iterable of PIL.Image or numpy.ndarray): RGB images.
            layers (list of str): Names from :attr:`available_layers`.
            size (pair of ints or None): Size the images are resized to; with
                ``None`` all images must have the same size.
            test (bool): If ``True``, dropout is disabled.
            volatile (~chainer.Flag): Volatility of the input variable.

        Returns:
            dict: Layer name to its output :class:`~chainer.Variable`.
        """
        x = self._images_to_variable(images, size, volatile)
        return self(x, layers=layers, test=test)


class VGG16Layers(VGGLayers):
    """VGG-16 (13 convolutions and 3 fully connected layers) as a chain whose
    intermediate outputs can be extracted by name; see :class:`VGGLayers`.

    Args:
        pretrained_model (str or None): ``'auto'`` (the converted
            ``VGG_ILSVRC_16_layers`` model, downloaded and converted on first use), a
            path of an ``.npz`` file, or ``None`` (random, as in the paper).
    """

    def __init__(self, pretrained_model='auto'):
        super(VGG16Layers, self).__init__(pretrained_model, 16)


class VGG19Layers(VGGLayers):
    """VGG-19 (16 convolutions and 3 fully connected layers, v2+) as a chain whose
    intermediate outputs can be extracted by name; see :class:`VGGLayers`.

    Args:
        pretrained_model (str or None): ``'auto'`` (the converted
            ``VGG_ILSVRC_19_layers`` model, downloaded and converted on first use), a
            path of an ``.npz`` file, or ``None`` (random, as in the paper).
    """

    def __init__(self, pretrained_model='auto'):
        super(VGG19Layers, self).__init__(pretrained_model, 19)
