"""Base of the (de)convolution links: the window arguments and the filter shape, once
for Convolution2D, DilatedConvolution2D, Deconvolution2D, ConvolutionND and
DeconvolutionND."""
from chainer.links import _args
from chainer.links.connection import _weight_bias


class ConvolutionLink(_weight_bias.WeightBiasLink):
    """A :class:`WeightBiasLink` whose weight is a bank of ``ndim``-d filters.

    The filter ``W`` has shape ``(out_channels, in_channels) + ksize`` for a
    convolution and ``(in_channels, out_channels) + ksize`` for a deconvolution
    (``transposed=True``); its default initialization scales by the fan-in
    ``in_channels * prod(ksize)`` in both cases.

    Args:
        ndim (int): number of spatial axes.
        in_channels (int or None): input channels; None defers ``W`` to the first call.
        out_channels (int): output channels (also the length of ``b``).
        ksize, stride, pad (int or tuple of ints): window size, step and zero padding
            per spatial axis (an int is used for every axis).
        outsize (tuple of ints or None): output size of a deconvolution; None has it
            estimated from the input size, stride and pad.
        transposed (bool): a deconvolution's filter layout.
        **weight_bias: ``wscale``, ``bias``, ``nobias``, ``initialW`` and
            ``initial_bias`` of :class:`WeightBiasLink`.
    """

    def __init__(self, ndim, in_channels, out_channels, ksize, stride, pad, outsize=None,
                 transposed=False, **weight_bias):
        self.ksize = _args.int_tuple(ksize, ndim, 'ksize', minimum=1)
        self.stride = _args.int_tuple(stride, ndim, 'stride', minimum=1)
        self.pad = _args.int_tuple(pad, ndim, 'pad')
        self.outsize = None if outsize is None else \
            _args.int_tuple(outsize, ndim, 'outsize', minimum=1)
        self._transposed = transposed
        super(ConvolutionLink, self).__init__(
            in_channels, out_channels, in_name='in_channels', out_name='out_channels',
            in_axis=0 if transposed else 1, **weight_bias)

    def _W_shape(self, in_channels):
        if self._transposed:
            return (in_channels, self.out_size) + self.ksize
        return (self.out_size, in_channels) + self.ksize
