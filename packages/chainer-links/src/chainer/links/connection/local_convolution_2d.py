"""The locally connected layer ``L.LocalConvolution2D`` (v4+)."""
from chainer import initializers
from chainer.parameter import Parameter
from chainer import link
from chainer.functions.connection import local_convolution_2d
from chainer.links import _args
from chainer.utils import conv


class LocalConvolution2D(link.Link):
    """Two-dimensional locally connected layer: a convolution without weight sharing.

    Holds the filters ``W`` ``(out_channels, h_O, w_O, in_channels, kh, kw)`` (one
    filter bank per output position) and the bias ``b`` ``(out_channels, h_O, w_O)``;
    wraps :func:`chainer.functions.local_convolution_2d`. The output size follows from
    the input size, so the parameters are created on the first call unless both
    ``in_channels`` and ``in_size`` are given.

    Args:
        in_channels (int or None): input channels (None: read from the first input).
        out_channels (int): output channels.
        in_size (int or pair of ints or None): input height and width.
        ksize (int or pair of ints): filter size.
        stride (int or pair of ints): window step.
        nobias (bool): no bias.
        initialW: initializer of ``W`` (default: LeCun normal).
        initial_bias: initializer of ``b`` (default: zero).

    Attributes:
        W (~chainer.Parameter): the filters.
        b (~chainer.Parameter): the bias (None with ``nobias``).
    """

    def __init__(self, in_channels, out_channels, in_size=None, ksize=None, stride=1,
                 nobias=False, initialW=None, initial_bias=None):
        super(LocalConvolution2D, self).__init__()
        if ksize is None:
            raise ValueError('LocalConvolution2D needs ksize')
        self.in_channels = in_channels
        self.out_channels = _args.positive_int(out_channels, 'out_channels')
        self.ksize = _args.int_tuple(ksize, 2, 'ksize', minimum=1)
        self.stride = _args.int_tuple(stride, 2, 'stride', minimum=1)
        self.nobias = nobias
        with self.init_scope():
            self.W = Parameter(_initializer(initialW, initializers.LeCunNormal()))
            self.b = None if nobias else Parameter(
                _initializer(initial_bias, initializers.Constant(0)))
        if in_channels is not None and in_size is not None:
            self._initialize_params(in_channels, _args.int_tuple(in_size, 2, 'in_size'))

    def _initialize_params(self, in_channels, in_size):
        out = tuple(conv.get_conv_outsize(d, k, s, 0)
                    for d, k, s in zip(in_size, self.ksize, self.stride))
        if min(out) < 1:
            raise ValueError('input size {} is smaller than the filter {}'.format(
                in_size, self.ksize))
        self.W.initialize((self.out_channels,) + out + (in_channels,) + self.ksize)
        if self.b is not None:
            self.b.initialize((self.out_channels,) + out)

    @property
    def printable_specs(self):
        """The constructor's arguments, for ``str(link)``."""
        for name in ('in_channels', 'out_channels', 'ksize', 'stride', 'nobias'):
            yield name, getattr(self, name)

    def forward(self, x):
        """Applies the layer to ``x`` ``(B, in_channels, h, w)``.

        Returns:
            ~chainer.Variable: ``(B, out_channels, h_O, w_O)``.
        """
        if self.W.data is None:
            self._initialize_params(x.shape[1], x.shape[2:])
        return local_convolution_2d.local_convolution_2d(x, self.W, self.b, self.stride)


def _initializer(value, default):
    if value is None:
        return default
    return value
