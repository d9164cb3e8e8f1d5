"""Two-dimensional unpooling (spec 003, unpooling_2d)."""
from chainer import function
from chainer.functions.pooling import _windows
from chainer.utils import conv
from chainer.utils import conv_nd
from chainer.utils import type_check


class Unpooling2D(function.Function):
    """Spreads every input value over its pooling window (windows that overlap add up).

    Args:
        ksize, stride, pad, outsize, cover_all: see :func:`unpooling_2d`.
    """

    def __init__(self, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        self.ksize = conv_nd.as_tuple(ksize, 2)
        self.stride = self.ksize if stride is None else conv_nd.as_tuple(stride, 2)
        self.pad = conv_nd.as_tuple(pad, 2)
        if min(self.ksize) < 1 or min(self.stride) < 1 or min(self.pad) < 0:
            raise ValueError('ksize and stride must be positive and pad non-negative, got '
                             'ksize={} stride={} pad={}'.format(self.ksize, self.stride,
                                                                self.pad))
        self.outsize = None if outsize is None else conv_nd.as_tuple(outsize, 2)
        self.cover_all = cover_all

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 4)
        if self.outsize is not None:
            # outsize must pool back onto the input size.
            for i in range(2):
                type_check.expect(x_type.shape[2 + i] == conv.get_conv_outsize(
                    self.outsize[i], self.ksize[i], self.stride[i], self.pad[i],
                    cover_all=self.cover_all))

    def _out_dims(self, x):
        if self.outsize is not None:
            return self.outsize
        return tuple(conv.get_deconv_outsize(d, k, s, p, cover_all=self.cover_all)
                     for d, k, s, p in zip(x.shape[2:], self.ksize, self.stride, self.pad))

    def forward(self, inputs):
        x = inputs[0]
        return _windows.spread(x, self.ksize, self.stride, self.pad, self._out_dims(x),
                               conv_nd.is_channels_last(x)),

    def backward(self, inputs, grad_outputs):
        return _windows.window_sum(grad_outputs[0], self.ksize, self.stride, self.pad,
                                   self.cover_all),


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
