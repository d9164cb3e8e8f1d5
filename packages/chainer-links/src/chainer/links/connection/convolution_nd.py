"""The N-dimensional convolutional layer ``L.ConvolutionND``."""
import chainer.functions as F
from chainer.links import _args
from chainer.links.connection import _convolution


class ConvolutionND(_convolution.ConvolutionLink):
    """N-dimensional convolutional layer.

    Wraps :func:`chainer.functions.convolution_nd` and holds the filter weight ``W``
    of shape ``(out_channels, in_channels, k_1, ..., k_N)`` and the bias ``b`` of
    shape ``(out_channels,)``. ``W`` is drawn from N(0, 1 / (in_channels k_1 ... k_N))
    unless ``initialW`` is given. As in v1, there is a bias only when ``initial_bias``
    is given.

    Args:
        ndim (int): Number of spatial dimensions N.
        in_channels (int): Number of input channels.
        out_channels (int): Number of output channels.
        ksize (int or tuple of ints): Size of filters.
        stride (int or tuple of ints): Stride of filter applications.
        pad (int or tuple of ints): Spatial padding width of inputs.
        initialW: Initial weight (array, scalar or callable).
        initial_bias: Initial bias (1-D array, scalar or callable; None: no bias).
        use_cudnn (bool or None): If True, cuDNN is used where available.
        cover_all (bool): If True, all spatial locations are convoluted into some
            output pixels.
        nobias (bool): If True, no bias is used.

    Attributes:
        W (~chainer.Variable): Weight parameter.
        b (~chainer.Variable): Bias parameter (None without a bias).
    """

    def __init__(self, ndim, in_channels, out_channels, ksize, stride=1, pad=0,
                 initialW=None, initial_bias=None, use_cudnn=None, cover_all=False,
                 nobias=False):
        self.ndim = _args.positive_int(ndim, 'ndim')
        self.use_cudnn = use_cudnn
        self.cover_all = cover_all
        super(ConvolutionND, self).__init__(
            self.ndim, in_channels, out_channels, ksize, stride, pad,
            nobias=_convolution.nd_nobias(nobias, initial_bias), initialW=initialW,
            initial_bias=initial_bias)

    def __call__(self, x):
        """Applies the N-dimensional convolution layer.

        Args:
            x (~chainer.Variable): Input, ``(B, in_channels, d_1, ..., d_N)``.

        Returns:
            ~chainer.Variable: Output of the convolution.
        """
        W, b = self._params_for(x)
        return F.convolution_nd(
            x, W, b, self.stride, self.pad, self.use_cudnn, self.cover_all)
