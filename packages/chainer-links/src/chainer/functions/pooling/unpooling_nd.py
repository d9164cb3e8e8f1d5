"""N-dimensional unpooling (v1.24): ``unpooling_nd``; :class:`UnpoolingND` also serves
:func:`~chainer.functions.unpooling_2d`."""
from chainer import function
from chainer import utils
from chainer import variable
from chainer.functions.pooling import _window_nodes
from chainer.functions.pooling import _windows
from chainer.utils import conv
from chainer.utils import conv_nd
from chainer.utils import type_check


class UnpoolingND(function.Function):
    """Spreads every input value over its pooling window (windows that overlap add up).
    Linear, so differentiable to any order.

    Args:
        ndim (int): number of spatial axes.
        ksize, stride, pad, outsize, cover_all: see :func:`unpooling_nd`.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        if type(self) is UnpoolingND:  # the 2-d subclass is not experimental
            utils.experimental('chainer.functions.pooling.UnpoolingND')
        self.ndim, self.ksize, self.stride, self.pad = _windows.window_geometry(
            ndim, ksize, stride, pad)
        self.outsize = None if outsize is None else conv_nd.as_tuple(outsize, self.ndim)
        self.cover_all = cover_all

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(x_type.dtype.kind == 'f', x_type.ndim == 2 + self.ndim)
        if self.outsize is not None:
            # outsize must pool back onto the input size.
            for i in range(self.ndim):
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

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return _window_nodes.WindowSum(self.ksize, self.stride, self.pad,
                                           self.cover_all).apply((grad_outputs[0],))
        return _windows.window_sum(grad_outputs[0], self.ksize, self.stride, self.pad,
                                   self.cover_all),


def unpooling_nd(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Inverse operation of N-dimensional pooling (experimental in v1.24).

    Acts like a deconvolution with all-one filters per channel: every input value is
    added to each output position of its window,

    .. math:: y[n, c, s_1 i_1 + u_1 - p_1, \\ldots, s_N i_N + u_N - p_N]
        \\mathrel{+}= x[n, c, i_1, \\ldots, i_N]

    for ``u_k < k_k``. The number of spatial axes is ``x.ndim - 2``.

    Args:
        x (~chainer.Variable): input of shape ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): size of the pooling window.
        stride (int, tuple of ints or None): stride; None uses ``ksize``.
        pad (int or tuple of ints): padding width.
        outsize (None or tuple of ints): output spatial size; None estimates it with
            :func:`chainer.utils.conv.get_deconv_outsize`. When given,
            :func:`~chainer.utils.conv.get_conv_outsize` of it must equal the input size.
        cover_all (bool): the pooling was done in cover-all mode.

    Returns:
        ~chainer.Variable: output of shape ``(n, c, out_1, ..., out_N)``.
    """
    return UnpoolingND(len(x.shape) - 2, ksize, stride, pad, outsize, cover_all)(x)


def _fixed_ndim(x, ndim, name):
    if len(x.shape) != 2 + ndim:
        raise ValueError('{} takes an input of {} dimensions (n, c and {} spatial), '
                         'got shape {}'.format(name, 2 + ndim, ndim, x.shape))


def unpooling_1d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """1-dimensional unpooling (v4+): :func:`unpooling_nd` of an input ``(n, c, w)``;
    raises ValueError for another number of dimensions."""
    _fixed_ndim(x, 1, 'unpooling_1d')
    return unpooling_nd(x, ksize, stride, pad, outsize, cover_all)


def unpooling_3d(x, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """3-dimensional unpooling (v4+): :func:`unpooling_nd` of an input
    ``(n, c, d, h, w)``; raises ValueError for another number of dimensions."""
    _fixed_ndim(x, 3, 'unpooling_3d')
    return unpooling_nd(x, ksize, stride, pad, outsize, cover_all)
