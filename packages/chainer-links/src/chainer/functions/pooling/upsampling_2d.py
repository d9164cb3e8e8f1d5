"""Upsampling with max-pooling indices."""
import numpy

from chainer import variable
from chainer.functions.pooling import _window_nodes
from chainer.functions.pooling import _windows
from chainer.functions.pooling.pooling_2d import Pooling2D
from chainer.utils import conv
from chainer.utils import conv_nd
from chainer.utils import type_check


class Upsampling2D(Pooling2D):
    """Puts every input value where the max pooling found its maximum; zeros elsewhere.
    Linear, so differentiable to any order.

    Args:
        indexes (array): the ``indexes`` of the :class:`MaxPooling2D` that produced the
            input (positions in the flattened ``k_H * k_W`` window).
        ksize, stride, pad, outsize, cover_all: the parameters of that pooling.
    """

    def __init__(self, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
        super(Upsampling2D, self).__init__(ksize, stride, pad, cover_all)
        if getattr(indexes, 'dtype', numpy.dtype('f')).kind not in 'iu':
            raise TypeError('indexes must be an integer array, got {!r}'.format(
                getattr(indexes, 'dtype', type(indexes))))
        self.indexes = indexes
        self.outsize = None if outsize is None else conv_nd.as_tuple(outsize, 2)

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 4,
            x_type.shape == self.indexes.shape,
        )
        if self.outsize is not None:
            for i in range(2):
                type_check.expect(x_type.shape[2 + i] == conv.get_conv_outsize(
                    self.outsize[i], self.ksize[i], self.stride[i], self.pad[i],
                    cover_all=self.cover_all))

    def forward(self, inputs):
        x = inputs[0]
        dims = self.outsize
        if dims is None:
            dims = tuple(conv.get_deconv_outsize(d, k, s, p, cover_all=self.cover_all)
                         for d, k, s, p in zip(x.shape[2:], self.ksize, self.stride,
                                               self.pad))
        return _windows.scatter(x, self.indexes, self.ksize, self.stride, self.pad, dims,
                                conv_nd.is_channels_last(x)),

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            # linear: the gradient selects, and its gradient scatters again
            return _window_nodes.Select(self.indexes, self.ksize, self.stride, self.pad,
                                        self.cover_all).apply((grad_outputs[0],))
        return _windows.select(grad_outputs[0], self.indexes, self.ksize, self.stride,
                               self.pad, self.cover_all),


def upsampling_2d(x, indexes, ksize, stride=None, pad=0, outsize=None, cover_all=True):
    """Upsampling using pooling indices.

    The inverse of a :func:`max_pooling_2d` up to the discarded values:

    .. math:: y[n, c, i s_Y + u - p_H, j s_X + v - p_W] = x[n, c, i, j]
        \\quad\\text{where } (u, v) = \\text{indexes}[n, c, i, j]

    and zero elsewhere (values landing on one position add up).

    Args:
        x (~chainer.Variable): input of shape ``(n, c, h, w)``.
        indexes (array): index array of the :class:`MaxPooling2D` that computed ``x``
            (``MaxPooling2D.indexes``).
        ksize (int or pair of ints): ``ksize`` of that pooling.
        stride (int, pair of ints or None): its stride.
        pad (int or pair of ints): its padding.
        outsize (pair of ints): expected output size (height, width).
        cover_all (bool): whether the pooling used ``cover_all``.

    Returns:
        ~chainer.Variable: output of shape ``(n, c, out_H, out_W)``.
    """
    return Upsampling2D(indexes, ksize, stride, pad, outsize, cover_all)(x)
