"""Two-dimensional convolution."""
from chainer.functions.connection.convolution_nd import ConvolutionND


class Convolution2DFunction(ConvolutionND):
    """Two-dimensional convolution: :class:`ConvolutionND` with two spatial axes.

    Exposes the 2-d parameters ``sy, sx`` (stride), ``ph, pw`` (padding).
    """

    def __init__(self, stride=1, pad=0, use_cudnn=None, cover_all=False,
                 deterministic=False, dilate=1, groups=1):
        super(Convolution2DFunction, self).__init__(2, stride, pad, use_cudnn, cover_all,
                                                    dilate, groups)
        self.deterministic = deterministic

    sy = property(lambda self: self.stride[0], doc='Vertical stride (``stride[0]``).')
    sx = property(lambda self: self.stride[1], doc='Horizontal stride (``stride[1]``).')
    ph = property(lambda self: self.pad[0], doc='Vertical padding (``pad[0]``).')
    pw = property(lambda self: self.pad[1], doc='Horizontal padding (``pad[1]``).')


def convolution_2d(x, W, b=None, stride=1, pad=0, use_cudnn=None, cover_all=False,
                   deterministic=False, dilate=1, groups=1):
    """Two-dimensional convolution function.

    Correlates filters ``W`` with the ``(k_H, k_W)`` patches of ``x`` taken at multiples of
    ``stride`` from the first position ``-pad``:

    .. math::
        y[n, m, i, j] = b_m + \\sum_{c, u, v} W[m, c, u, v]\\, x[n, c, i s_Y + u - p_H,
                                                                  j s_X + v - p_W]

    with zero padding and output size ``h_O = (h + 2p_H - k_H) / s_Y + 1``,
    ``w_O = (w + 2p_W - k_W) / s_X + 1`` (rounded up with ``cover_all``).

    Args:
        x (~chainer.Variable): input of shape ``(n, c_I, h, w)``.
        W (~chainer.Variable): filters of shape ``(c_O, c_I, k_H, k_W)``; it may be of
            another float dtype than ``x`` (as in Chainer v1: the output keeps ``x``'s).
        b (~chainer.Variable): bias of length ``c_O`` (optional).
        stride (int or pair of ints): ``stride=s`` and ``stride=(s, s)`` are equivalent.
        pad (int or pair of ints): ``pad=p`` and ``pad=(p, p)`` are equivalent.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled (not with
            ``cover_all``).
        cover_all (bool): if True, all spatial locations are convoluted into some output
            pixel; it may make the output larger.
        deterministic (bool): accepted for compatibility; this implementation is
            deterministic.
        dilate (int or pair of ints): filter dilation (v4+): tap ``(u, v)`` reads
            offset ``(u d_Y, v d_X)``.
        groups (int): channel groups (v6+): ``W`` is then ``(c_O, c_I / groups, k_H,
            k_W)`` and output group ``g`` sees only input group ``g``.

    Returns:
        ~chainer.Variable: output of shape ``(n, c_O, h_O, w_O)``.

    It is differentiable twice.
    """
    func = Convolution2DFunction(stride, pad, use_cudnn, cover_all, deterministic,
                                 dilate, groups)
    if b is None:
        return func(x, W)
    return func(x, W, b)
