"""Two-dimensional deconvolution."""
from chainer.functions.connection.deconvolution_nd import DeconvolutionND


class Deconvolution2DFunction(DeconvolutionND):
    """Two-dimensional deconvolution: :class:`DeconvolutionND` with two spatial axes."""

    def __init__(self, stride=1, pad=0, outsize=None, use_cudnn=None, deterministic=False,
                 dilate=1, groups=1):
        super(Deconvolution2DFunction, self).__init__(2, stride, pad, outsize, use_cudnn,
                                                      dilate, groups)
        self.deterministic = deterministic

    sy = property(lambda self: self.stride[0], doc='Vertical stride (``stride[0]``).')
    sx = property(lambda self: self.stride[1], doc='Horizontal stride (``stride[1]``).')
    ph = property(lambda self: self.pad[0], doc='Vertical padding (``pad[0]``).')
    pw = property(lambda self: self.pad[1], doc='Horizontal padding (``pad[1]``).')


def deconvolution_2d(x, W, b=None, stride=1, pad=0, outsize=None, use_cudnn=None,
                     deterministic=False, dilate=1, groups=1):
    """Two-dimensional deconvolution function.

    .. math::
        y[n, m, i s_Y + u - p_H, j s_X + v - p_W] \\mathrel{+}= \\sum_c W[c, m, u, v]\\,
            x[n, c, i, j],

    plus the bias; the output size is ``h_O = s_Y (h - 1) + k_H - 2p_H``,
    ``w_O = s_X (w - 1) + k_W - 2p_W`` unless ``outsize`` is given.

    Args:
        x (~chainer.Variable): input of shape ``(n, c_I, h, w)``.
        W (~chainer.Variable): filters of shape ``(c_I, c_O, k_H, k_W)``; it may be of
            another float dtype than ``x`` (as in Chainer v1: the output keeps ``x``'s).
        b (~chainer.Variable): bias of length ``c_O`` (optional).
        stride (int or pair of ints): ``stride=s`` and ``stride=(s, s)`` are equivalent.
        pad (int or pair of ints): ``pad=p`` and ``pad=(p, p)`` are equivalent.
        outsize (tuple): expected output size ``(out_H, out_W)``; None estimates it from
            the input size, stride and pad.
        use_cudnn (bool or None): accepted for compatibility (no cuDNN path; see
            :func:`deconvolution_nd`).
        deterministic (bool): accepted for compatibility; this implementation is
            deterministic.

        dilate (int or pair of ints): filter dilation (v4+).
        groups (int): channel groups (v6+): ``W`` is then ``(c_I, c_O / groups, k_H,
            k_W)``.

    Returns:
        ~chainer.Variable: output of shape ``(n, c_O, h_O, w_O)``.

    It is differentiable twice.
    """
    func = Deconvolution2DFunction(stride, pad, outsize, use_cudnn, deterministic,
                                   dilate, groups)
    if b is None:
        return func(x, W)
    return func(x, W, b)
