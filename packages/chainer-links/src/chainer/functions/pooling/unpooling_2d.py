"""Two-dimensional unpooling."""
from chainer.functions.pooling import _axis_geometry
from chainer.functions.pooling import unpooling_nd


class Unpooling2D(_axis_geometry.AxisGeometry2D, unpooling_nd.UnpoolingND):
    """Two-dimensional :class:`~chainer.functions.pooling.unpooling_nd.UnpoolingND`.

    Args:
        ksize, stride, pad, outsize, cover_all: see :func:`unpooling_2d`.
    """

    def __init__(self, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super(Unpooling2D, self).__init__(2, ksize, stride, pad, outsize, cover_all)
        self._seen_out = None

    def _out_dims(self, x):
        dims = super(Unpooling2D, self)._out_dims(x)
        self._seen_out = dims
        return dims

    def _out(self, axis):
        # outsize when given, else the output size of the last forward (None before)
        dims = self.outsize if self.outsize is not None else self._seen_out
        return None if dims is None else dims[axis]

    @property
    def outh(self):
        """Output height: ``outsize[0]`` when given, else the one of the last forward
        (None before it)."""
        return self._out(0)

    @property
    def outw(self):
        """Output width: ``outsize[1]`` when given, else the one of the last forward
        (None before it)."""
        return self._out(1)

def unpooling_2d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse operation of pooling for 2d array.

    Acts like a deconvolution with all-one filters per channel:

    .. math:: y[n, c, i s_Y + u - p_H, j s_X + v - p_W] \\mathrel{+}= x[n, c, i, j]

    for ``u < k_H, v < k_W``.

    Args:
        x (~chainer.Variable): input of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): size of the pooling window.
        stride (int, pair of ints or None): stride; None uses ``ksize``.
        pad (int or pair of ints): padding width.
        outsize (None or pair of ints): output size ``(height, width)``; None estimates it
            with :func:`chainer.utils.conv.get_deconv_outsize`. When given,
            :func:`~chainer.utils.conv.get_conv_outsize` of it must equal the input size.
        cover_all (bool): the pooling was done in cover-all mode (the estimated output
            may then be smaller).

    Returns:
        ~chainer.Variable: output of shape ``(n, c, out_H, out_W)``.
    """
    return Unpooling2D(ksize, stride, pad, outsize, cover_all)(x)
