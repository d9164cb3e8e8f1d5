"""Two-dimensional dilated convolution."""
from chainer.functions.connection.convolution_2d import Convolution2DFunction


class DilatedConvolution2DFunction(Convolution2DFunction):
    """Two-dimensional convolution whose filter taps are ``dilate`` pixels apart."""

    def __init__(self, stride=1, pad=0, dilate=1, use_cudnn=None, cover_all=False):
        super(DilatedConvolution2DFunction, self).__init__(
            stride, pad, use_cudnn, cover_all, dilate=dilate)

    dy = property(lambda self: self.dilate[0], doc='Vertical dilation (``dilate[0]``).')
    dx = property(lambda self: self.dilate[1], doc='Horizontal dilation (``dilate[1]``).')


def dilated_convolution_2d(x, W, b=None, stride=1, pad=0, dilate=1, use_cudnn=None,
                           cover_all=False):
    """Two-dimensional dilated convolution function.

    .. math::
        y[n, m, i, j] = b_m + \\sum_{c, u, v} W[m, c, u, v]\\,
            x[n, c, i s_Y + u d_Y - p_H, j s_X + v d_X - p_W]

    with zero padding and output size
    ``h_O = (h + 2p_H - k_H - (k_H - 1)(d_Y - 1)) / s_Y + 1`` (likewise ``w_O``).

    Args:
        x (~chainer.Variable): input of shape ``(n, c_I, h, w)``.
        W (~chainer.Variable): filters of shape ``(c_O, c_I, k_H, k_W)``; it may be of
            another float dtype than ``x`` (as in Chainer v1: the output keeps ``x``'s).
        b (~chainer.Variable): bias of length ``c_O`` (optional).
        stride (int or pair of ints): stride of filter applications.
        pad (int or pair of ints): spatial padding.
        dilate (int or pair of ints): dilation factor of the filter taps.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled (not with
            ``cover_all``).
        cover_all (bool): cover every input location with some window.

    Returns:
        ~chainer.Variable: output of shape ``(n, c_O, h_O, w_O)``.
    """
    func = DilatedConvolution2DFunction(stride, pad, dilate, use_cudnn, cover_all)
    if b is None:
        return func(x, W)
    return func(x, W, b)
