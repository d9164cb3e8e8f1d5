"""The deformable convolutional layer ``L.DeformableConvolution2D`` (v4+)."""
from chainer import initializers
from chainer import link
from chainer.functions.connection import deformable_convolution_2d_sampler as _dcn
from chainer.links import _args
from chainer.links.connection import convolution_2d
from chainer.parameter import Parameter


class DeformableConvolution2D(link.Chain):
    """Two-dimensional deformable convolution: a convolution ``offset_conv`` predicts
    the ``2 kh kw`` tap offsets of every output position, and ``deform_conv`` (a
    :class:`DeformableConvolution2DSampler`) convolves the input read at those
    displaced taps.

    Args:
        in_channels (int or None): input channels (None: from the first input).
        out_channels (int): output channels.
        ksize (int or pair of ints): filter size of both convolutions.
        stride, pad (int or pair of ints): of both convolutions.
        offset_nobias, offset_initialW, offset_initial_bias: the offset convolution's
            ``nobias``, ``initialW`` and ``initial_bias``.
        deform_nobias, deform_initialW, deform_initial_bias: the same for the
            deformable convolution (whose filters start at zero unless
            ``deform_initialW`` is given, as in v7).
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0,
                 offset_nobias=False, offset_initialW=None, offset_initial_bias=None,
                 deform_nobias=False, deform_initialW=None, deform_initial_bias=None):
        super(DeformableConvolution2D, self).__init__()
        kh, kw = _args.int_tuple(ksize, 2, 'ksize', minimum=1)
        with self.init_scope():
            self.offset_conv = convolution_2d.Convolution2D(
                in_channels, 2 * kh * kw, (kh, kw), stride, pad, nobias=offset_nobias,
                initialW=offset_initialW, initial_bias=offset_initial_bias)
            self.deform_conv = DeformableConvolution2DSampler(
                in_channels, out_channels, (kh, kw), stride, pad, nobias=deform_nobias,
                initialW=deform_initialW, initial_bias=deform_initial_bias)

    def forward(self, x):
        """Applies the layer to ``x`` ``(B, in_channels, h, w)``.

        Returns:
            ~chainer.Variable: ``(B, out_channels, h_O, w_O)``.
        """
        return self.deform_conv(x, self.offset_conv(x))


class DeformableConvolution2DSampler(link.Link):
    """The filters ``W`` ``(out_channels, in_channels, kh, kw)`` and bias ``b`` of
    :func:`chainer.functions.deformable_convolution_2d_sampler`, called with the input
    and the offsets.

    Args:
        in_channels (int or None): input channels (None: from the first input).
        out_channels (int): output channels.
        ksize, stride, pad (int or pair of ints): as in the function.
        nobias (bool): no bias.
        initialW: initializer of ``W`` (default: zero, as in v7: the layer starts as
            its bias and learns its filters from the gradient in ``W``).
        initial_bias: initializer of ``b`` (default: zero).
    """

    def __init__(self, in_channels, out_channels, ksize, stride=1, pad=0, nobias=False,
                 initialW=None, initial_bias=None):
        super(DeformableConvolution2DSampler, self).__init__()
        self.ksize = _args.int_tuple(ksize, 2, 'ksize', minimum=1)
        self.stride = _args.int_tuple(stride, 2, 'stride', minimum=1)
        self.pad = _args.int_tuple(pad, 2, 'pad')
        self.out_channels = _args.positive_int(out_channels, 'out_channels')
        with self.init_scope():
            self.W = Parameter(initializers.Zero() if initialW is None else initialW)
            self.b = None if nobias else Parameter(
                0 if initial_bias is None else initial_bias)
        if in_channels is not None:
            self._initialize_params(in_channels)

    def _initialize_params(self, in_channels):
        if self.W.data is None:
            self.W.initialize((self.out_channels, in_channels) + self.ksize)
        if self.b is not None and self.b.data is None:
            self.b.initialize((self.out_channels,))

    def forward(self, x, offset):
        """Applies the deformable convolution to ``x`` with tap offsets ``offset``
        ``(B, 2 kh kw, h_O, w_O)``."""
        if self.W.data is None:
            self._initialize_params(x.shape[1])
        return _dcn.deformable_convolution_2d_sampler(
            x, offset, self.W, self.b, self.stride, self.pad)
