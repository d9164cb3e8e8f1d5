"""Base of the 2-d pooling functions: :class:`PoolingND` with two spatial axes."""
from chainer.functions.pooling import _axis_geometry
from chainer.functions.pooling.pooling_nd import PoolingND


class Pooling2D(_axis_geometry.AxisGeometry2D, PoolingND):
    """Two-dimensional pooling base; exposes ``kh, kw, sy, sx, ph, pw``.

    Args:
        ksize (int or pair of ints): window size.
        stride (int, pair of ints or None): window stride; None means ``ksize``.
        pad (int or pair of ints): padding.
        cover_all (bool): see :func:`chainer.utils.conv.get_conv_outsize`.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled (see
            :class:`~chainer.functions.pooling.pooling_nd.PoolingND`).
    """

    def __init__(self, ksize, stride=None, pad=0, cover_all=True, use_cudnn=None):
        super(Pooling2D, self).__init__(2, ksize, stride, pad, cover_all, use_cudnn)
