"""The N-dimensional deconvolutional layer ``L.DeconvolutionND``."""
import chainer.functions as F
from chainer.links import _args
from chainer.links.connection import _convolution


class DeconvolutionND(_convolution.ConvolutionLink):
    """N-dimensional deconvolution (transposed convolution) layer.

    Wraps :func:`chainer.functions.deconvolution_nd` and holds the filter weight
    ``W`` of shape ``(in_channels, out_channels, k_1, ..., k_N)`` and the bias ``b``
    of shape ``(out_channels,)``. ``W`` is drawn from
    N(0, 1 / (in_channels k_1 ... k_N)) unless ``initialW`` is given.

    Args:
        ndim (int): Number of spatial dimensions N.
        in_channels (int): Number of input channels.
        out_channels (int): Number of output channels.
        ksize (int or tuple of ints): Size of filters.
        stride (int or tuple of ints): Stride of filter applications.
        pad (int or tuple of ints): Spatial padding width of inputs.
        outsize (tuple of ints): Expected output size; None: estimated from the input
            size, stride and pad.
        initialW: Initial weight (array, scalar or callable).
        initial_bias: Initial bias (1-D array, scalar or callable; None: no bias,
            as in v1).
        use_cudnn (bool or None): If True, cuDNN is used where available.
        nobias (bool): If True, no bias is used.
        dilate (int or tuple of ints): Filter dilation (v4+).
        groups (int): Channel groups (v6+); ``W`` is then
            ``(in_channels, out_channels / groups, k_1, ..., k_N)``.

    ``DeconvolutionND(ndim, out_channels, ksize)`` (v2+, ``ksize`` omitted) has
    ``in_channels=None``: the weight is created on the first call.

    Attributes:
        W (~chainer.Variable): Weight parameter.
        b (~chainer.Variable): Bias parameter (None without a bias).
    """

    def __init__(self, ndim, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 outsize=None, initialW=None, initial_bias=0, use_cudnn=None,
                 nobias=False, dilate=1, groups=1):
        self.ndim = _args.positive_int(ndim, 'ndim')
        self.use_cudnn = use_cudnn
        in_channels, out_channels, ksize = _convolution.shift_channels(
            in_channels, out_channels, ksize)
        super(DeconvolutionND, self).__init__(
            self.ndim, in_channels, out_channels, ksize, stride, pad, outsize, transposed=True,
            nobias=_convolution.nd_nobias(nobias, initial_bias), initialW=initialW,
            initial_bias=initial_bias, dilate=dilate, groups=groups)

    def forward(self, x):
        """Applies the N-dimensional deconvolution layer.

        Args:
            x (~chainer.Variable): Input, ``(B, in_channels, d_1, ..., d_N)``.

        Returns:
            ~chainer.Variable: Output of the deconvolution.
        """
        W, b = self._params_for(x)
        return F.deconvolution_nd(
            x, W, b, self.stride, self.pad, self.outsize, self.use_cudnn,
            dilate=self.dilate, groups=self.groups)


class _FixedRankDeconvolution(DeconvolutionND):
    _ndim = None

    def __init__(self, in_channels, out_channels, ksize=None, stride=1, pad=0,
                 nobias=False, outsize=None, initialW=None, initial_bias=None,
                 dilate=1, groups=1):
        super(_FixedRankDeconvolution, self).__init__(
            self._ndim, in_channels, out_channels, ksize, stride, pad, outsize,
            initialW=initialW, initial_bias=0 if initial_bias is None else initial_bias,
            nobias=nobias, dilate=dilate, groups=groups)

    def forward(self, x):
        """Applies the deconvolution to ``x`` ``(B, in_channels, d...)`` of the link's
        rank (ValueError for another number of axes)."""
        _convolution.check_input_rank(self, x, self._ndim)
        return super(_FixedRankDeconvolution, self).forward(x)


class Deconvolution1D(_FixedRankDeconvolution):
    """One-dimensional deconvolutional layer (v5+): :class:`DeconvolutionND` with
    ``ndim=1`` and v7's arguments (``in_channels, out_channels, ksize, stride, pad,
    nobias, outsize, initialW, initial_bias, dilate, groups``); it has a bias unless
    ``nobias``."""

    _ndim = 1


class Deconvolution3D(_FixedRankDeconvolution):
    """Three-dimensional deconvolutional layer (v5+): :class:`DeconvolutionND` with
    ``ndim=3`` and v7's arguments (see :class:`Deconvolution1D`)."""

    _ndim = 3
