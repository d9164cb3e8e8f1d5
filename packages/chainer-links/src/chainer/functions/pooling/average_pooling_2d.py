"""Two-dimensional average pooling."""
from chainer.functions.pooling.average_pooling_nd import AveragePoolingND
from chainer.functions.pooling.average_pooling_nd import check_no_cover_all
from chainer.functions.pooling.pooling_2d import Pooling2D
from chainer.functions.pooling.pooling_nd import PoolingND


class AveragePooling2D(Pooling2D, AveragePoolingND):
    """Spatial average pooling (zero padding counts in the mean; no cover-all mode).

    The arguments are v1's, ``(ksize, stride, pad, cover_all, use_cudnn)``;
    ``cover_all`` must be False.
    """

    def __init__(self, ksize, stride=None, pad=0, cover_all=False, use_cudnn=None):
        check_no_cover_all(cover_all)
        PoolingND.__init__(self, 2, ksize, stride, pad, False, use_cudnn)


def average_pooling_2d(x, ksize, stride=None, pad=0, use_cudnn=None):
    """Spatial average pooling function.

    .. math:: y[n, c, i, j] = \\frac{1}{k_H k_W} \\sum_{u, v}
        x[n, c, i s_Y + u - p_H, j s_X + v - p_W]

    with zero padding; output size ``h_O = (h + 2p_H - k_H) / s_Y + 1`` (likewise ``w_O``).
    This function does not support the cover-all mode of :func:`max_pooling_2d`.

    Args:
        x (~chainer.Variable): input of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): window size.
        stride (int, pair of ints or None): stride; None uses ``ksize``.
        pad (int or pair of ints): padding width.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled (max pooling: and
            ``cover_all`` is False).

    Returns:
        ~chainer.Variable: output of shape ``(n, c, h_O, w_O)``.
    """
    return AveragePooling2D(ksize, stride, pad, False, use_cudnn)(x)
