"""Two-dimensional depthwise convolution layer: ``L.DepthwiseConvolution2D``."""
import chainer.functions as F
from chainer import link
from chainer.links import _args
from chainer.links import _initializers
from chainer.utils import conv_nd


class DepthwiseConvolution2D(link.Link):
    """Depthwise convolution layer (see :func:`chainer.functions.depthwise_convolution_2d`).

    Args:
        in_channels (int or None): Number of input channels. If None, ``W`` and ``b``
            are created on the first call from the input.
        channel_multiplier (int): Number of filters per input channel: the output has
            ``channel_multiplier * in_channels`` channels.
        ksize (int or pair of ints): Size of the filters.
        stride (int or pair of ints): Stride of the filter applications.
        pad (int or pair of ints): Spatial padding of the input.
        nobias (bool): If True, no bias is used.
        initialW: Initial weight (array, scalar or callable); by default drawn from
            N(0, 1 / fan_in), ``fan_in = in_channels * k_H * k_W``.
        initial_bias: Initial bias (array, scalar or callable); 0 by default.

    Attributes:
        W (~chainer.Variable): Weight ``(channel_multiplier, in_channels, k_H, k_W)``.
        b (~chainer.Variable): Bias ``(channel_multiplier * in_channels,)`` (None with
            ``nobias``).
    """

    def __init__(self, in_channels, channel_multiplier, ksize, stride=1, pad=0,
                 nobias=False, initialW=None, initial_bias=None):
        super(DepthwiseConvolution2D, self).__init__()
        in_channels = _args.positive_int(in_channels, 'in_channels', allow_none=True)
        self.channel_multiplier = _args.positive_int(channel_multiplier,
                                                     'channel_multiplier')
        self.ksize = ksize
        self.stride = conv_nd.as_tuple(stride, 2)
        self.pad = conv_nd.as_tuple(pad, 2)
        self.nobias = nobias
        self._W_initializer = _initializers.wscaled(initialW, 1)
        self._bias_initializer = 0 if initial_bias is None else initial_bias
        if in_channels is None:
            # the bias length depends on the input channels too
            self.add_uninitialized_param('W')
            if nobias:
                self.b = None
            else:
                self.add_uninitialized_param('b')
        else:
            self._initialize_params(in_channels)

    def _initialize_params(self, in_channels):
        W_shape = (self.channel_multiplier, in_channels) + conv_nd.as_tuple(self.ksize, 2)
        self.add_param('W', W_shape, initializer=self._W_initializer)
        if self.nobias:
            self.b = None
        else:
            self.add_param('b', self.channel_multiplier * in_channels,
                           initializer=self._bias_initializer)

    def forward(self, x):
        """Applies the depthwise convolution.

        Args:
            x (~chainer.Variable): Input images ``(n, in_channels, h, w)``.

        Returns:
            ~chainer.Variable: Output ``(n, channel_multiplier * in_channels, h_O, w_O)``.
        """
        if self.W is None:
            self._initialize_params(x.shape[1])
        return F.depthwise_convolution_2d(x, self.W, self.b, self.stride, self.pad)
