"""The two-dimensional convolutional layer ``L.Convolution2D``."""
import chainer.functions as F
from chainer.links.connection import _convolution


class Convolution2D(_convolution.Convolution2DLink):
    """Two-dimensional convolutional layer.

    Wraps :func:`chainer.functions.convolution_2d` and holds the filter weight ``W``
    of shape ``(out_channels, in_channels, kh, kw)`` and the bias ``b`` of shape
    ``(out_channels,)``. ``W`` is drawn from N(0, wscale / (in_channels kh kw))
    unless ``initialW`` is given.

    Args:
        in_channels (int or None): Number of input channels; None defers the weight
            creation to the first call.
        out_channels (int): Number of output channels.
        ksize (int or pair of ints): Size of filters.
        stride (int or pair of ints): Stride of filter applications.
        pad (int or pair of ints): Spatial padding width of inputs.
        wscale (float): Scaling factor of the initial weight variance.
        bias (float): Initial bias value.
        nobias (bool): If True, no bias is used.
        use_cudnn (bool or None): If True, cuDNN is used where available.
        initialW: Initial weight (4-D array, scalar or callable).
        initial_bias: Initial bias (1-D array, scalar or callable).
        deterministic (bool): Ask cuDNN for deterministic algorithms.
        dilate (int or pair of ints): Filter dilation (v4+).
        groups (int): Channel groups (v6+); ``W`` is then
            ``(out_channels, in_channels / groups, kh, kw)``.

    ``Convolution2D(out_channels, ksize, ...)`` (v2+, ``ksize`` omitted) has
    ``in_channels=None``. A bool as sixth positional argument is v7's ``nobias``, and
    the seventh and eighth are then v7's ``initialW`` and ``initial_bias`` (v7's
    positional order; a number there is v1's ``wscale``).

    Attributes:
        W (~chainer.Variable): Weight parameter.
        b (~chainer.Variable): Bias parameter.
    """

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0, wscale=1,
                 bias=0, nobias=False, use_cudnn=None, initialW=None,
                 initial_bias=None, deterministic=False, dilate=1, groups=1):
        self.deterministic = deterministic
        in_channels, out_channels, ksize = _convolution.shift_channels(
            in_channels, out_channels, ksize)
        super(Convolution2D, self).__init__(
            in_channels, out_channels, ksize, stride, pad, use_cudnn,
            dilate=dilate, groups=groups, **_convolution.v7_positional(
                wscale, bias, nobias, initialW, initial_bias))

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, dilate=1, groups=1):
        """A Convolution2D whose parameters start as copies of ``W``
        ``(out_channels, in_channels / groups, kh, kw)`` and ``b`` (v5+).

        The other arguments are the constructor's; a bias of zeros when ``b`` is None
        (unless ``nobias``). Returns the new link.
        """
        return cls(stride=stride, pad=pad, nobias=nobias, dilate=dilate, groups=groups,
                   **_convolution.params_arguments(W, b, groups))

    def _apply(self, x, W, b):
        return F.convolution_2d(
            x, W, b, self.stride, self.pad, self.use_cudnn,
            deterministic=self.deterministic, dilate=self.dilate, groups=self.groups)
