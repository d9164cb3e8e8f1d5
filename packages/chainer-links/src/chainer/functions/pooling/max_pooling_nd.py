"""N-dimensional max pooling."""
from chainer import cuda
from chainer.functions.pooling import _windows
from chainer.functions.pooling import pooling_nd
from chainer.utils import conv_nd


class MaxPoolingND(pooling_nd.PoolingND):
    """Max over each window (padding counts as ``-inf``).

    After the forward, ``indexes`` holds the argmax of every window as an int32 position
    in the flattened window (``(n, c, out...)``); :func:`upsampling_2d` reads it. A GPU
    forward run by cuDNN (``use_cudnn`` with ``cover_all=False``) computes no argmax and
    leaves ``indexes`` None: create the pooling with ``use_cudnn=False`` to upsample.
    """

    def forward_cpu(self, inputs):
        y, self.indexes = _windows.window_max(inputs[0], self.ksize, self.stride, self.pad,
                                              self.cover_all)
        return y,

    def backward_cpu(self, inputs, grad_outputs):
        x = inputs[0]
        gx = _windows.scatter(grad_outputs[0], self.indexes, self.ksize, self.stride,
                              self.pad, x.shape[2:], conv_nd.is_channels_last(x))
        return gx,

    def forward_gpu(self, inputs):
        x = inputs[0]
        y = self._cudnn_forward(x, 'max')
        if y is not None:
            self.indexes = None
            return y,
        y, self.indexes = cuda.kernel('max_pooling_fwd')(x, self.ksize, self.stride,
                                                         self.pad, self.cover_all)
        return y,

    def backward_gpu(self, inputs, grad_outputs):
        x = inputs[0]
        if self._cudnn:
            return self._cudnn_backward(x, grad_outputs[0], 'max'),
        return cuda.kernel('max_pooling_bwd')(grad_outputs[0], self.indexes, x.shape,
                                              self.ksize, self.stride, self.pad,
                                              self.cover_all),


def max_pooling_nd(x, ksize, stride=None, pad=0, cover_all=True, use_cudnn=None):
    """N-dimensionally spatial max pooling function.

    .. math:: y[n, c, o_1, ..., o_N] = \\max_{k_1, ..., k_N}
        x[n, c, o_1 s_1 + k_1 - p_1, ..., o_N s_N + k_N - p_N]

    with ``-inf`` padding and output sizes by :func:`chainer.utils.conv.get_conv_outsize`.

    Args:
        x (~chainer.Variable): input of shape ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): window size; ``k`` means ``(k, ..., k)``.
        stride (int, tuple of ints or None): stride; None uses ``ksize``.
        pad (int or tuple of ints): padding width.
        cover_all (bool): if True, all spatial locations are pooled into some output; it
            may make the output larger.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled and ``cover_all``
            is False.

    Returns:
        ~chainer.Variable: output of shape ``(n, c, out_1, ..., out_N)``.
    """
    ndim = max(len(x.shape) - 2, 1)
    return MaxPoolingND(ndim, ksize, stride, pad, cover_all, use_cudnn)(x)
