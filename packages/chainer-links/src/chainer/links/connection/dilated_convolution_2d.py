"""The dilated convolutional layer ``L.DilatedConvolution2D``."""
import chainer.functions as F
from chainer.links.connection import _convolution


class DilatedConvolution2D(_convolution.Convolution2DLink):
    """Two-dimensional dilated convolutional layer.

    Wraps :func:`chainer.functions.dilated_convolution_2d` and holds the filter
    weight ``W`` of shape ``(out_channels, in_channels, kh, kw)`` and the bias ``b``.
    ``W`` is drawn from N(0, wscale / (in_channels kh kw)) unless ``initialW`` is
    given.

    Args:
        in_channels (int or None): Number of input channels; None defers the weight
            creation to the first call.
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Size of filters.
        stride (int or pair of ints): Stride of filter applications.
        pad (int or pair of ints): Spatial padding width of inputs.
        dilate (int or pair of ints): Dilation factor of filter applications.
        wscale (float): Scaling factor of the initial weight variance.
        bias (float): Initial bias value.
        nobias (bool): If True, no bias is used.
        use_cudnn (bool or None): If True, cuDNN is used where available.
        initialW: Initial weight (4-D array, scalar or callable).
        initial_bias: Initial bias (1-D array, scalar or callable).

    A bool as seventh positional argument is v7's ``nobias``, and the eighth and ninth
    are then v7's ``initialW`` and ``initial_bias`` (v7's positional order; a number
    there is v1's ``wscale``).

    Attributes:
        W (~chainer.Variable): Weight parameter.
        b (~chainer.Variable): Bias parameter.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, dilate=1,
                 wscale=1, bias=0, nobias=False, use_cudnn=None, initialW=None,
                 initial_bias=None):
        in_channels, out_channels, ksize = _convolution.shift_channels(
            in_channels, out_channels, ksize)
        super(DilatedConvolution2D, self).__init__(
            in_channels, out_channels, ksize, stride, pad, use_cudnn, dilate=dilate,
            **_convolution.v7_positional(wscale, bias, nobias, initialW, initial_bias))

    def _apply(self, x, W, b):
        return F.dilated_convolution_2d(
            x, W, b, self.stride, self.pad, self.dilate, self.use_cudnn)
