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
        dilate (int or tuple of ints): Filter dilation (v4+).
        groups (int): Channel groups (v6+); ``W`` is then
            ``(out_channels, in_channels / groups, k_1, ..., k_N)``.

    ``ConvolutionND(ndim, out_channels, ksize)`` (v2+, ``ksize`` omitted) has
    ``in_channels=None``: the weight is created on the first call.

    Attributes:
        W (~chainer.Variable): Weight parameter.
        b (~chainer.Variable): Bias parameter (None without a bias).
    """

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 initialW=None, initial_bias=None, use_cudnn=None, cover_all=False,
                 nobias=False, dilate=1, groups=1):
        self.ndim = _args.positive_int(ndim, 'ndim')
        self.use_cudnn = use_cudnn
        self.cover_all = cover_all
        in_channels, out_channels, ksize = _convolution.shift_channels(
            in_channels, out_channels, ksize)
        super(ConvolutionND, self).__init__(
            self.ndim, in_channels, out_channels, ksize, stride, pad,
            nobias=_convolution.nd_nobias(nobias, initial_bias), initialW=initialW,
            initial_bias=initial_bias, dilate=dilate, groups=groups)

    @classmethod
    def from_params(cls, W, b=None, stride=1, pad=0, nobias=False, cover_all=False,
                    dilate=1, groups=1):
        """An N-dimensional convolution link whose parameters start as copies of
        ``W`` ``(out_channels, in_channels / groups, k...)`` and ``b`` (v5+).

        The other arguments are the constructor's; a bias of zeros when ``b`` is None
        (unless ``nobias``). Returns the new link.
        """
        args = _convolution.params_arguments(W, b, groups)
        ndim = len(args['ksize'])
        return ConvolutionND(ndim, stride=stride, pad=pad, nobias=nobias,
                             cover_all=cover_all, dilate=dilate, groups=groups, **args)

    def forward(self, x):
        """Applies the N-dimensional convolution layer.

        Args:
            x (~chainer.Variable): Input, ``(B, in_channels, d_1, ..., d_N)``.

        Returns:
            ~chainer.Variable: Output of the convolution.
        """
        W, b = self._params_for(x)
        return F.convolution_nd(
            x, W, b, self.stride, self.pad, self.use_cudnn, self.cover_all,
            dilate=self.dilate, groups=self.groups)


class _FixedRankConvolution(ConvolutionND):
    _ndim = None

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, initialW=None, initial_bias=None, cover_all=False,
                 dilate=1, groups=1):
        # v5+ links: a bias (zero unless initial_bias) unless nobias, as v7 has it.
        super(_FixedRankConvolution, self).__init__(
            self._ndim, in_channels, out_channels, ksize, stride, pad, initialW=initialW,
            initial_bias=0 if initial_bias is None else initial_bias,
            cover_all=cover_all, nobias=nobias, dilate=dilate, groups=groups)

    def forward(self, x):
        """Applies the convolution to ``x`` ``(B, in_channels, d...)`` of the link's
        rank (ValueError for another number of axes)."""
        _convolution.check_input_rank(self, x, self._ndim)
        return super(_FixedRankConvolution, self).forward(x)


class Convolution1D(_FixedRankConvolution):
    """One-dimensional convolutional layer (v5+): :class:`ConvolutionND` with
    ``ndim=1`` and v7's arguments (``in_channels, out_channels, ksize, stride, pad,
    nobias, initialW, initial_bias, cover_all, dilate, groups``); it has a bias unless
    ``nobias``."""

    _ndim = 1


class Convolution3D(_FixedRankConvolution):
    """Three-dimensional convolutional layer (v5+): :class:`ConvolutionND` with
    ``ndim=3`` and v7's arguments (see :class:`Convolution1D`)."""

    _ndim = 3
