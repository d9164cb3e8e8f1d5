"""The GoogLeNet Inception module ``L.Inception``."""
import chainer.functions as F
from chainer import link
from chainer.links.connection import convolution_2d


class Inception(link.Chain):
    """Inception module of GoogLeNet.

    Four paths applied to the input and concatenated along the channel axis: a 1x1
    convolution; a 1x1 projection then a 3x3 convolution; a 1x1 projection then a 5x5
    convolution; a 3x3 max pooling then a 1x1 projection. ReLU follows the
    projections and the concatenated output; padding keeps the spatial size.
    See: Going Deeper with Convolutions.

    Args:
        in_channels (int): Number of input channels.
        out1 (int): Output size of the 1x1 convolution path.
        proj3 (int): Projection size of the 3x3 convolution path.
        out3 (int): Output size of the 3x3 convolution path.
        proj5 (int): Projection size of the 5x5 convolution path.
        out5 (int): Output size of the 5x5 convolution path.
        proj_pool (int): Projection size of the max pooling path.
        conv_init: Initializer of the convolution weights (None: default).
        bias_init: Initializer of the convolution biases (None: default).
    """

    def __init__(self, in_channels, out1, proj3, out3, proj5, out5, proj_pool,
                 conv_init=None, bias_init=None):
        def conv(n_in, n_out, ksize, pad=0):
            return convolution_2d.Convolution2D(n_in, n_out, ksize, pad=pad,
                                                initialW=conv_init,
                                                initial_bias=bias_init)

        super(Inception, self).__init__(
            conv1=conv(in_channels, out1, 1),
            proj3=conv(in_channels, proj3, 1),
            conv3=conv(proj3, out3, 3, pad=1),
            proj5=conv(in_channels, proj5, 1),
            conv5=conv(proj5, out5, 5, pad=2),
            projp=conv(in_channels, proj_pool, 1))

    def forward(self, x):
        """Computes the output of the Inception module.

        Args:
            x (~chainer.Variable): Input images ``(B, in_channels, h, w)``.

        Returns:
            ~chainer.Variable: ``(B, out1 + out3 + out5 + proj_pool, h, w)``.
        """
        out1 = self.conv1(x)
        out3 = self.conv3(F.relu(self.proj3(x)))
        out5 = self.conv5(F.relu(self.proj5(x)))
        pool = self.projp(F.max_pooling_2d(x, 3, stride=1, pad=1))
        return F.relu(F.concat((out1, out3, out5, pool), axis=1))
