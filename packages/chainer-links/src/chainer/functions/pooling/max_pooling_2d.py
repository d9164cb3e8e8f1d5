"""Two-dimensional max pooling."""
from chainer.functions.pooling import max_pooling_nd
from chainer.functions.pooling.max_pooling_nd import MaxPoolingND
from chainer.functions.pooling.pooling_2d import Pooling2D


class MaxPooling2D(Pooling2D, MaxPoolingND):
    """Spatial max pooling; ``indexes`` holds the argmax of each window after forward."""


def max_pooling_2d(x, ksize, stride=None, pad=0, cover_all=True, use_cudnn=None,
                   return_indices=False):
    """Spatial max pooling function.

    .. math:: y[n, c, i, j] = \\max_{u < k_H, v < k_W} x[n, c, i s_Y + u - p_H, j s_X + v - p_W]

    with ``-inf`` padding; ``h_O = (h + 2p_H - k_H) / s_Y + 1`` (rounded up with
    ``cover_all``), likewise ``w_O``.

    Args:
        x (~chainer.Variable): input of shape ``(n, c, h, w)``.
        ksize (int or pair of ints): window size.
        stride (int, pair of ints or None): stride; None uses ``ksize``.
        pad (int or pair of ints): padding width.
        cover_all (bool): if True, all spatial locations are pooled into some output; it
            may make the output larger.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled (max pooling: and
            ``cover_all`` is False).
        return_indices (bool): also return the argmax of every window (v4+), an
            int array of the output's shape holding positions in the flattened
            window (cuDNN, which computes none, is then not used).

    Returns:
        ~chainer.Variable: output of shape ``(n, c, h_O, w_O)``; with
        ``return_indices``, the pair ``(output, indices)``.
    """
    func = MaxPooling2D(ksize, stride, pad, cover_all,
                        False if return_indices else use_cudnn)
    return max_pooling_nd.apply_max_pooling(func, x, return_indices)
