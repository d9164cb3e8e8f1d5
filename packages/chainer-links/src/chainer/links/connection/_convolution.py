"""Bases of the (de)convolution links: the window arguments and the filter shape, once
for Convolution2D, DilatedConvolution2D, Deconvolution2D, ConvolutionND and
DeconvolutionND; the 1.x two-dimensional constructor arguments and the call, once for
the three 2-D links."""
from chainer.links import _args
from chainer.links.connection import _weight_bias


def shift_channels(in_channels, out_channels, ksize):
    """v2+'s short form ``Link(out_channels, ksize)``: with ``ksize`` None, the first
    two arguments are ``out_channels`` and ``ksize`` and ``in_channels`` is None (lazy).

    Returns:
        tuple: ``(in_channels, out_channels, ksize)``.
    """
    if ksize is None:
        return None, in_channels, out_channels
    return in_channels, out_channels, ksize


def params_arguments(W, b, groups, transposed=False):
    """The constructor arguments of a (de)convolution link made from the parameters
    ``W`` and ``b`` (arrays or Variables; v5+'s ``from_params``): copies of their
    arrays and the channel counts read from ``W``.

    Returns:
        dict: ``in_channels``, ``out_channels``, ``ksize``, ``initialW``,
        ``initial_bias`` (zero when ``b`` is None).
    """
    W = getattr(W, 'array', W)
    if transposed:
        in_channels, out_channels = W.shape[0], W.shape[1] * groups
    else:
        out_channels, in_channels = W.shape[0], W.shape[1] * groups
    if b is not None:
        b = getattr(b, 'array', b)
        if b.size != out_channels:
            raise ValueError('the size of b ({}) must be out_channels ({})'.format(
                b.size, out_channels))
        b = b.copy()
    return dict(in_channels=in_channels, out_channels=out_channels,
                ksize=tuple(W.shape[2:]), initialW=W.copy(),
                initial_bias=0 if b is None else b)


def v7_positional(wscale, bias, nobias, initialW, initial_bias):
    """Reads v7's positional order of Convolution2D/DilatedConvolution2D after the window
    arguments (and of Linear after the sizes), ``(nobias, initialW, initial_bias)``,
    where v1 has ``(wscale, bias, nobias)``: a bool in ``wscale``'s place is v7's
    ``nobias`` (a v1 scale is a number), and then the next two positional arguments are
    v7's ``initialW`` and ``initial_bias``. Code built on v7 passes them so (ChainerCV's
    ``Conv2DActiv``, ChainerRL's ``FactorizedNoisyLinear``).

    An argument left at its v1 default (``bias=0``, ``nobias=False``) counts as not
    given; one given both by position and by keyword is a TypeError, as in v7.

    Returns:
        dict: ``wscale``, ``bias``, ``nobias``, ``initialW``, ``initial_bias`` to build
        the link with (the arguments as they are when ``wscale`` is not a bool).
    """
    if not isinstance(wscale, bool):
        return dict(wscale=wscale, bias=bias, nobias=nobias, initialW=initialW,
                    initial_bias=initial_bias)
    given_W = None if type(bias) is int and bias == 0 else bias
    given_b = None if nobias is False else nobias
    for name, by_position, by_keyword in (('initialW', given_W, initialW),
                                          ('initial_bias', given_b, initial_bias)):
        if by_position is not None and by_keyword is not None:
            raise TypeError('got multiple values for argument {!r} (by position, in v7\'s '
                            'order after nobias, and by keyword)'.format(name))
    return dict(wscale=1, bias=0, nobias=wscale,
                initialW=initialW if given_W is None else given_W,
                initial_bias=initial_bias if given_b is None else given_b)


def nd_nobias(nobias, initial_bias):
    """Whether an N-d (de)convolution link has no bias: with ``nobias``, or, as in v1,
    when ``initial_bias`` is None (ConvolutionND's default, so it has no bias unless
    one is asked for)."""
    return nobias or initial_bias is None



def check_input_rank(link, x, ndim):
    """Refuses an input ``x`` of a fixed-rank (de)convolution ``link`` whose shape is not
    ``(B, channels)`` followed by ``ndim`` spatial axes.

    Raises:
        ValueError: for another number of axes.
    """
    if len(x.shape) != ndim + 2:
        raise ValueError('{} expects inputs of {} axes, got shape {}'.format(
            type(link).__name__, ndim + 2, x.shape))

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
        dilate (int or tuple of ints): filter dilation (v4+).
        groups (int): channel groups (v6+): ``W`` is ``(out_channels, in_channels /
            groups) + ksize`` (``(in_channels, out_channels / groups) + ksize``
            transposed).
        **weight_bias: ``wscale``, ``bias``, ``nobias``, ``initialW`` and
            ``initial_bias`` of :class:`WeightBiasLink`.

    Attributes:
        out_channels (int): the number of output channels (v1's name of
            ``out_size``).
        ksize, stride, pad, outsize (tuples of ints): the window arguments.
    """

    def __init__(self, ndim, in_channels, out_channels, ksize, stride, pad, outsize=None,
                 transposed=False, dilate=1, groups=1, **weight_bias):
        self.dilate = _args.int_tuple(dilate, ndim, 'dilate', minimum=1)
        self.groups = _args.positive_int(groups, 'groups')
        self.ksize = _args.int_tuple(ksize, ndim, 'ksize', minimum=1)
        self.stride = _args.int_tuple(stride, ndim, 'stride', minimum=1)
        self.pad = _args.int_tuple(pad, ndim, 'pad')
        self.outsize = None if outsize is None else \
            _args.int_tuple(outsize, ndim, 'outsize', minimum=1)
        self._transposed = transposed
        super(ConvolutionLink, self).__init__(
            in_channels, out_channels, in_name='in_channels', out_name='out_channels',
            in_axis=0 if transposed else 1, **weight_bias)
        self.out_channels = self.out_size

    def _W_shape(self, in_channels):
        if self._transposed:
            return (in_channels, self._per_group(self.out_size, 'out')) + self.ksize
        return (self.out_size, self._per_group(in_channels, 'in')) + self.ksize

    def _per_group(self, channels, which):
        if channels % self.groups:
            raise ValueError('{}_channels ({}) must be a multiple of groups ({})'.format(
                which, channels, self.groups))
        return channels // self.groups


class Convolution2DLink(ConvolutionLink):
    """A :class:`ConvolutionLink` over two spatial axes taking the constructor
    arguments the 2-D links share (``wscale``, ``bias``, ``nobias``, ``use_cudnn``,
    ``initialW``, ``initial_bias``); calling it applies :meth:`_apply` to the input and
    the parameters.

    Subclasses define ``_apply(x, W, b)``: their function of the input ``x``, the
    weight ``W`` and the bias ``b`` (None with ``nobias``), reading the window and
    their own options from ``self``.

    Args:
        in_channels, out_channels, ksize, stride, pad, outsize, transposed: as in
            :class:`ConvolutionLink`, with ``ndim=2``.
        use_cudnn (bool or None): stored as ``self.use_cudnn`` for ``_apply``.
        **weight_bias: ``wscale``, ``bias``, ``nobias``, ``initialW`` and
            ``initial_bias`` of :class:`WeightBiasLink`.
    """

    def __init__(self, in_channels, out_channels, ksize, stride, pad, use_cudnn,
                 outsize=None, transposed=False, **weight_bias):
        self.use_cudnn = use_cudnn
        super(Convolution2DLink, self).__init__(
            2, in_channels, out_channels, ksize, stride, pad, outsize, transposed,
            **weight_bias)

    def forward(self, x):
        """Applies the layer.

        Args:
            x (~chainer.Variable): Input images, ``(B, in_channels, h, w)``.

        Returns:
            ~chainer.Variable: The layer's output, ``(B, out_channels, h', w')``.
        """
        W, b = self._params_for(x)
        return self._apply(x, W, b)
