"""GoogLeNet (Inception-v1) of BVLC (``chainer.links.model.vision.googlenet``, v1.24).

The pre-trained weights are those of
https://github.com/BVLC/caffe/tree/master/models/bvlc_googlenet.
"""
import collections

from chainer import flag
import chainer.functions as F
from chainer import initializers
from chainer.links.connection.convolution_2d import Convolution2D
from chainer.links.connection.inception import Inception
from chainer.links.connection.linear import Linear
from chainer.links.model.vision import _image
from chainer.links.model.vision import _layers_model
from chainer.links.model.vision import _pretrained
from chainer.serializers import npz

available = _image.available

_MEAN_BGR = (104.0, 117.0, 123.0)
_NPZ_NAME = 'bvlc_googlenet.npz'
_CAFFEMODEL_URL = 'http://dl.caffe.berkeleyvision.org/bvlc_googlenet.caffemodel'
# link name suffix -> Inception(in_channels, out1, proj3, out3, proj5, out5, proj_pool)
_INCEPTIONS = collections.OrderedDict([
    ('3a', (192, 64, 96, 128, 16, 32, 32)),
    ('3b', (256, 128, 128, 192, 32, 96, 64)),
    ('4a', (480, 192, 96, 208, 16, 48, 64)),
    ('4b', (512, 160, 112, 224, 24, 64, 64)),
    ('4c', (512, 128, 128, 256, 24, 64, 64)),
    ('4d', (512, 112, 144, 288, 32, 64, 64)),
    ('4e', (528, 256, 160, 320, 32, 128, 128)),
    ('5a', (832, 256, 160, 320, 32, 128, 128)),
    ('5b', (832, 384, 192, 384, 48, 128, 128)),
])
# Inception link attribute -> caffe layer name suffix
_INCEPTION_CAFFE_NAMES = (('conv1', '1x1'), ('proj3', '3x3_reduce'), ('conv3', '3x3'),
                          ('proj5', '5x5_reduce'), ('conv5', '5x5'),
                          ('projp', 'pool_proj'))
# link name -> caffe layer name, for the links outside the Inception modules
_CAFFE_NAMES = (('conv1', 'conv1/7x7_s2'), ('conv2_reduce', 'conv2/3x3_reduce'),
                ('conv2', 'conv2/3x3'),
                ('loss1_conv', 'loss1/conv'), ('loss1_fc1', 'loss1/fc'),
                ('loss1_fc2', 'loss1/classifier'),
                ('loss2_conv', 'loss2/conv'), ('loss2_fc1', 'loss2/fc'),
                ('loss2_fc2', 'loss2/classifier'),
                ('loss3_fc', 'loss3/classifier'))


def prepare(image, size=(224, 224)):
    """Converts an RGB image into a GoogLeNet input.

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
    return F.max_pooling_2d(x, ksize=3, stride=2)


def _local_response_normalization(x):
    return F.local_response_normalization(x, n=5, k=1, alpha=1e-4 / 5)


def _average_pooling_2d_k5(x):
    return F.average_pooling_2d(x, ksize=5, stride=3)


def _average_pooling_2d_k7(x):
    return F.average_pooling_2d(x, ksize=7, stride=1)


def _dropout(x, train):
    return F.dropout(x, ratio=0.4, train=train)


class GoogLeNet(_layers_model.LayersModel):
    """GoogLeNet as a chain whose intermediate outputs can be extracted by name.

    Besides the main classifier (``loss3_fc``, ``prob``), the two auxiliary
    classifiers of training are available as ``loss1_fc2`` (from ``inception_4a``)
    and ``loss2_fc2`` (from ``inception_4d``).

    Args:
        pretrained_model (str or None): ``'auto'`` loads the converted model cached as
            ``$CHAINER_DATASET_ROOT/pfnet/chainer/models/bvlc_googlenet.npz``; when
            missing, the caffemodel is downloaded and converted into it (this needs
            chainer-training and chainer-caffe, and a network). A path loads that
            ``.npz`` file. ``None`` initializes at random as BVLC did
            (``LeCunUniform`` weights; Caffe's "xavier" filler is LeCun's uniform).

    Attributes:
        available_layers (list of str): The layer names ``__call__`` and ``extract``
            accept, in the order they are computed.
    """

    _prepare = staticmethod(prepare)
    _branch_from = {'loss1_fc2': 'inception_4a', 'loss2_fc2': 'inception_4d'}

    def __init__(self, pretrained_model='auto'):
        if pretrained_model:
            # The weights are overwritten: zeros are faster to make than samples.
            kwargs = {'initialW': initializers.Zero()}
        else:
            kwargs = {'initialW': initializers.LeCunUniform(scale=1.0)}
        links = {'inc' + name: Inception(*args) for name, args in _INCEPTIONS.items()}
        super(GoogLeNet, self).__init__(
            conv1=Convolution2D(3, 64, 7, stride=2, pad=3, **kwargs),
            conv2_reduce=Convolution2D(64, 64, 1, **kwargs),
            conv2=Convolution2D(64, 192, 3, stride=1, pad=1, **kwargs),
            loss3_fc=Linear(1024, 1000, **kwargs),
            loss1_conv=Convolution2D(512, 128, 1, **kwargs),
            loss1_fc1=Linear(2048, 1024, **kwargs),
            loss1_fc2=Linear(1024, 1000, **kwargs),
            loss2_conv=Convolution2D(528, 128, 1, **kwargs),
            loss2_fc1=Linear(2048, 1024, **kwargs),
            loss2_fc2=Linear(1024, 1000, **kwargs),
            **links)
        if pretrained_model == 'auto':
            _pretrained.load_auto(
                self, _NPZ_NAME,
                lambda path_npz: _pretrained.download_caffemodel(_CAFFEMODEL_URL, path_npz),
                type(self).convert_caffemodel_to_npz)
        elif pretrained_model:
            npz.load_npz(pretrained_model, self)
        self.functions = self._stages()

    def _inception_stage(self, name):
        return ('inception_' + name, [getattr(self, 'inc' + name)])

    def _auxiliary_head(self, index):
        conv, fc1, fc2 = (getattr(self, 'loss{}_{}'.format(index, suffix))
                          for suffix in ('conv', 'fc1', 'fc2'))
        return ('loss{}_fc2'.format(index),
                [_average_pooling_2d_k5, conv, F.relu, fc1, F.relu, fc2])

    def _stages(self):
        inc = self._inception_stage
        return collections.OrderedDict([
            ('conv1', [self.conv1, F.relu]),
            ('pool1', [_max_pooling_2d, _local_response_normalization]),
            ('conv2_reduce', [self.conv2_reduce, F.relu]),
            ('conv2', [self.conv2, F.relu, _local_response_normalization]),
            ('pool2', [_max_pooling_2d]),
            inc('3a'), inc('3b'),
            ('pool3', [_max_pooling_2d]),
            inc('4a'), inc('4b'), inc('4c'), inc('4d'), inc('4e'),
            ('pool4', [_max_pooling_2d]),
            inc('5a'), inc('5b'),
            ('pool5', [_average_pooling_2d_k7]),
            ('loss3_fc', [_dropout, self.loss3_fc]),
            ('prob', [F.softmax]),
            self._auxiliary_head(1),
            self._auxiliary_head(2),
        ])

    @classmethod
    def convert_caffemodel_to_npz(cls, path_caffemodel, path_npz):
        """Converts the BVLC GoogLeNet caffemodel into a ``.npz`` file this model loads.

        Needs chainer-caffe.

        Args:
            path_caffemodel (str): Path of the pre-trained caffemodel.
            path_npz (str): Path of the ``.npz`` file to write.
        """
        caffemodel = _pretrained.caffe_function(path_caffemodel)
        model = cls(pretrained_model=None)
        _transfer(caffemodel, model)
        npz.save_npz(path_npz, model, compression=False)

    def __call__(self, x, layers=('prob',), train=False):
        """Computes the outputs of the requested layers (and stops after the last).

        Args:
            x (~chainer.Variable): ``(N, 3, 224, 224)`` input, see :func:`prepare`.
            layers (list of str): Names from :attr:`available_layers`.
            train (bool): If ``True``, dropout is enabled.

        Returns:
            dict: Layer name to its output :class:`~chainer.Variable`.
        """
        def apply(func, h):
            if func is _dropout:
                return func(h, train=train)
            return func(h)
        return self._run_stages(x, layers, apply)

    def extract(self, images, layers=('pool5',), size=(224, 224), train=False,
                volatile=flag.OFF):
        """Prepares the images and computes the outputs of the requested layers.

        Args:
            images (iterable of PIL.Image or numpy.ndarray): RGB images.
            layers (list of str): Names from :attr:`available_layers`.
            size (pair of ints or None): Size the images are resized to; with
                ``None`` all images must have the same size.
            train (bool): If ``True``, dropout is enabled.
            volatile (~chainer.Flag): Volatility of the input variable.

        Returns:
            dict: Layer name to its output :class:`~chainer.Variable`.
        """
        x = self._images_to_variable(images, size, volatile)
        return self(x, layers=layers, train=train)


def _copy_weights(src_link, dst_link):
    dst_link.W.data[:] = src_link.W.data
    dst_link.b.data[:] = src_link.b.data


def _transfer(caffemodel, model):
    """Copies the weights of the BVLC caffemodel's layers (looked up by name, as
    ``caffemodel[name]``) into the matching links of ``model``."""
    for link_name, caffe_name in _CAFFE_NAMES:
        _copy_weights(caffemodel[caffe_name], getattr(model, link_name))
    for name in _INCEPTIONS:
        inception = getattr(model, 'inc' + name)
        for link_name, suffix in _INCEPTION_CAFFE_NAMES:
            _copy_weights(caffemodel['inception_{}/{}'.format(name, suffix)],
                          getattr(inception, link_name))
