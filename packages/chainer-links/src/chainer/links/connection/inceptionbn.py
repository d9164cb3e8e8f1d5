"""The Inception module with batch normalization ``L.InceptionBN``."""
import numpy

import chainer
import chainer.functions as F
from chainer import configuration
from chainer import link
from chainer.links import _args
from chainer.links import _errors
from chainer.links.connection import convolution_2d
from chainer.links.normalization import batch_normalization


def _check_architecture(out1, proj_pool, stride):
    """The 1x1 path (``out1 > 0``) needs ``stride == 1`` and a pooling projection, as
    in v1, which asserted both (hence an InvalidArgumentError, also an AssertionError)."""
    if out1 > 0 and stride != 1:
        raise _errors.InvalidArgumentError(
            'stride must be 1 when out1 > 0, got {}'.format(stride))
    if out1 > 0 and proj_pool is None:
        raise _errors.InvalidArgumentError('proj_pool must be given when out1 > 0')


class InceptionBN(link.Chain):
    """Inception module of the new GoogLeNet with BatchNormalization.

    Like :class:`Inception`, with batch normalization and ReLU after every
    convolution, the 5x5 path replaced by two 3x3 convolutions, a configurable
    pooling, and ``stride`` applied by the last step of each path. Paths: 1x1 conv
    (``out1 > 0`` only, then ``stride`` must be 1 and ``proj_pool`` given); 1x1
    projection then 3x3 conv; 1x1 projection then two 3x3 convs; 3x3 pooling (then a
    1x1 projection if ``proj_pool`` is given). Outputs are concatenated along the channels.
    See: Batch Normalization: Accelerating Deep Network Training by Reducing Internal
    Covariate Shift.

    Args:
        in_channels (int): Number of input channels.
        out1 (int): Output size of the 1x1 path (0: no such path).
        proj3 (int): Projection size of the single 3x3 path.
        out3 (int): Output size of the single 3x3 path.
        proj33 (int): Projection size of the double 3x3 path.
        out33 (int): Output size of the double 3x3 path.
        pooltype (str): ``'max'`` or ``'avg'`` (another value raises
            ``UnsupportedOptionError``, a ValueError and, as in v1, a
            NotImplementedError).
        proj_pool (int or None): Projection size of the pooling path (None: no
            projection; the pooled input is passed as is).
        stride (int): Stride of the last step of each path.
        conv_init: Initializer of the convolution weights.
        dtype (numpy.dtype or None): Type of the batch normalization parameters;
            None (default) is ``chainer.config.dtype`` (v4+; float32 unless
            configured otherwise, v1's default).

    Attributes:
        train (bool): If True (default), batch normalization runs in training mode
            unless ``chainer.config.train`` is False; if False, in testing mode.
    """

    def __init__(self, in_channels, out1, proj3, out3, proj33, out33, pooltype,
                 proj_pool=None, stride=1, conv_init=None, dtype=None):
        if pooltype not in ('max', 'avg'):
            raise _errors.UnsupportedOptionError(
                "pooltype must be 'max' or 'avg', got {!r}".format(pooltype))
        if out1 < 0:
            raise ValueError('out1 must be >= 0, got {!r}'.format(out1))
        stride = _args.positive_int(stride, 'stride')
        if dtype is None:
            dtype = numpy.dtype(chainer.config.dtype)
        _check_architecture(out1, proj_pool, stride)
        super(InceptionBN, self).__init__()
        self.out1 = out1
        self.pooltype = pooltype
        self.proj_pool = proj_pool
        self.stride = stride
        self.train = True

        def add_conv_bn(name, n_in, n_out, ksize, conv_stride=1, pad=0):
            self.add_link(name, convolution_2d.Convolution2D(
                n_in, n_out, ksize, stride=conv_stride, pad=pad, initialW=conv_init,
                nobias=True))
            self.add_link(name + 'n', batch_normalization.BatchNormalization(
                n_out, dtype=dtype))

        if out1 > 0:
            add_conv_bn('conv1', in_channels, out1, 1)
        add_conv_bn('proj3', in_channels, proj3, 1)
        add_conv_bn('conv3', proj3, out3, 3, stride, 1)
        add_conv_bn('proj33', in_channels, proj33, 1)
        add_conv_bn('conv33a', proj33, out33, 3, 1, 1)
        add_conv_bn('conv33b', out33, out33, 3, stride, 1)
        if proj_pool is not None:
            add_conv_bn('poolp', in_channels, proj_pool, 1)

    def _conv_bn_relu(self, name, x):
        h = self[name](x)
        return F.relu(self[name + 'n'](h, test=not (self.train and configuration.config.train)))

    def forward(self, x):
        """Computes the output of the InceptionBN module for images ``x``."""
        outs = []
        if self.out1 > 0:
            outs.append(self._conv_bn_relu('conv1', x))
        outs.append(self._conv_bn_relu('conv3', self._conv_bn_relu('proj3', x)))
        h33 = self._conv_bn_relu('proj33', x)
        h33 = self._conv_bn_relu('conv33a', h33)
        outs.append(self._conv_bn_relu('conv33b', h33))
        if self.pooltype == 'max':
            pool = F.max_pooling_2d(x, 3, stride=self.stride, pad=1, cover_all=False)
        else:
            pool = F.average_pooling_2d(x, 3, stride=self.stride, pad=1)
        if self.proj_pool is not None:
            pool = self._conv_bn_relu('poolp', pool)
        outs.append(pool)
        return F.concat(outs, axis=1)
