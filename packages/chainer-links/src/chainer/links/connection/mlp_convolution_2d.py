"""The "mlpconv" layer of Network in Network, ``L.MLPConvolution2D``."""
import chainer.functions as F
from chainer import link
from chainer.links import _errors
from chainer.links.connection import convolution_2d


class MLPConvolution2D(link.ChainList):
    """Two-dimensional MLP convolution layer of Network in Network.

    A :class:`Convolution2D` with ``out_channels[0]`` filters of size ``ksize``
    followed by 1x1 convolutions with ``out_channels[1:]`` filters, with the
    activation applied between them (not after the last one).
    See: Network in Network, http://arxiv.org/abs/1312.4400v3.

    Args:
        in_channels (int or None): Number of input channels (None: on the first
            call).
        out_channels (tuple of ints): Number of filters of each convolution.
        ksize (int or pair of ints): Filter size of the first convolution. Omitted
            (v2+), the arguments are ``(out_channels, ksize)`` and ``in_channels`` is
            None.
        stride (int or pair of ints): Stride of the first convolution.
        pad (int or pair of ints): Padding of the first convolution.
        wscale (float): Scaling factor of the initial weight variance. A callable in
            this place is the activation (v2+'s positional order).
        activation (callable): Activation function between the convolutions.
        use_cudnn (bool or None): If True, cuDNN is used where available.
        conv_init: Initializer of the convolution weights.
        bias_init: Initializer of the convolution biases.

    Attributes:
        activation (callable): The activation function.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, wscale=1,
                 activation=F.relu, use_cudnn=None, conv_init=None, bias_init=None):
        if ksize is None:  # v2+: MLPConvolution2D(out_channels, ksize), lazy input
            in_channels, out_channels, ksize = None, in_channels, out_channels
        if callable(wscale):  # v2+'s order: the activation follows pad
            wscale, activation = 1, wscale
        if not isinstance(out_channels, (tuple, list)):
            raise TypeError('out_channels must be a non-empty tuple of ints, got '
                            '{!r}'.format(out_channels))
        if not out_channels:
            # v1 asserted it: InvalidArgumentError is a ValueError and an AssertionError.
            raise _errors.InvalidArgumentError(
                'out_channels must be a non-empty tuple of ints, got ()')
        if not callable(activation):
            raise TypeError('activation must be callable, got {!r}'.format(activation))
        convs = [convolution_2d.Convolution2D(
            in_channels, out_channels[0], ksize, stride, pad, wscale=wscale,
            use_cudnn=use_cudnn, initialW=conv_init, initial_bias=bias_init)]
        for n_in, n_out in zip(out_channels, out_channels[1:]):
            convs.append(convolution_2d.Convolution2D(
                n_in, n_out, 1, wscale=wscale, use_cudnn=use_cudnn,
                initialW=conv_init, initial_bias=bias_init))
        super(MLPConvolution2D, self).__init__(*convs)
        self.activation = activation

    def forward(self, x):
        """Computes the output of the mlpconv layer for images ``x``."""
        for conv in self[:-1]:
            x = self.activation(conv(x))
        return self[-1](x)
