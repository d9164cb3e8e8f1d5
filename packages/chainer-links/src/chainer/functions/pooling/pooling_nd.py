"""Base of the n-d pooling functions (the window operations are in :mod:`._windows`)."""
from chainer import cuda
from chainer import function
from chainer.functions import _cudnn
from chainer.functions.pooling import _windows
from chainer.utils import type_check


class PoolingND(function.Function):
    """Base of the n-d pooling functions (max and average).

    Args:
        ndim (int): number of spatial dimensions.
        ksize (int or tuple of ints): window size.
        stride (int, tuple of ints or None): window stride; None means ``ksize``.
        pad (int or tuple of ints): padding on each side.
        cover_all (bool): see :func:`chainer.utils.conv.get_conv_outsize`.
        use_cudnn (bool or None): on the GPU, pool with cuDNN when it is enabled and
            ``cover_all`` is False; otherwise the library's pooling kernels run.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=True, use_cudnn=None):
        self.ndim, self.ksize, self.stride, self.pad = _windows.window_geometry(
            ndim, ksize, stride, pad)
        self.cover_all = cover_all
        self.use_cudnn = use_cudnn

    def check_type_forward(self, in_types):
        type_check.expect(in_types.size() == 1)
        x_type = in_types[0]
        type_check.expect(
            x_type.dtype.kind == 'f',
            x_type.ndim == 2 + self.ndim,
        )

    def _cudnn_forward(self, x, mode):
        """Pools ``x`` by cuDNN (``mode`` 'max' or 'average') when this call may use it,
        else returns None; records the choice for the backward."""
        # cuDNN computes the exact (not cover_all) output sizes only.
        self._cudnn = _cudnn.enabled(self.use_cudnn) and not self.cover_all
        if not self._cudnn:
            return None
        self._y = cuda.kernel('cudnn_pooling_forward')(x, self.ksize, self.stride,
                                                       self.pad, mode)
        return self._y

    def _cudnn_backward(self, x, gy, mode):
        """Input gradient by cuDNN of a forward that :meth:`_cudnn_forward` pooled."""
        return cuda.kernel('cudnn_pooling_backward')(x, self._y, gy, self.ksize,
                                                     self.stride, self.pad, mode)
