"""N-dimensional max pooling."""
from chainer import cuda
from chainer import flag
from chainer import function
from chainer import variable
from chainer.functions.pooling import _window_nodes
from chainer.functions.pooling import _windows
from chainer.functions.pooling import pooling_nd
from chainer.utils import conv_nd


class MaxPoolingND(pooling_nd.PoolingND):
    """Max over each window (padding counts as ``-inf``).

    After the forward, ``indexes`` holds the argmax of every window as an int32 position
    in the flattened window (``(n, c, out...)``); :func:`upsampling_2d` reads it. A GPU
    forward run by cuDNN (``use_cudnn`` with ``cover_all=False``) computes no argmax and
    leaves ``indexes`` None: create the pooling with ``use_cudnn=False`` to upsample.

    Differentiable twice: the gradient scatters ``gy`` to the argmax positions, and
    its own gradient gathers from them (the second derivative with respect to ``x``
    is zero almost everywhere).
    """

    #: Set by :func:`max_pooling_nd` and :func:`~chainer.functions.max_pooling_2d` on the
    #: node they make when nothing can read ``indexes``: the call builds no graph (no
    #: backward), the caller gets no indices and no function hook sees the node. The
    #: host forward then computes the maxima alone, half the work of the argmax.
    _indexes_unread = False

    def forward_cpu(self, inputs):
        if self._indexes_unread:
            self.indexes = None
            return _windows.window_max_values(inputs[0], self.ksize, self.stride,
                                              self.pad, self.cover_all),
        y, self.indexes = _windows.window_max(inputs[0], self.ksize, self.stride, self.pad,
                                              self.cover_all)
        return y,

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            # The gradient is linear in gy (the argmax fixed): its gradient selects.
            x = inputs[0]
            indexes = self.indexes
            if indexes is None:  # a cuDNN forward computed none
                _, indexes = _windows.window_max(x.data, self.ksize, self.stride,
                                                 self.pad, self.cover_all)
            return _window_nodes.Scatter(
                indexes, self.ksize, self.stride, self.pad, x.shape[2:],
                self.cover_all).apply((grad_outputs[0],))
        return super(MaxPoolingND, self).backward(inputs, grad_outputs)

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


def max_pooling_nd(x, ksize, stride=None, pad=0, cover_all=True, use_cudnn=None,
                   return_indices=False):
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
        return_indices (bool): also return the argmax of every window (v4+), an
            int array of the output's shape holding positions in the flattened
            window (cuDNN, which computes none, is then not used).

    Returns:
        ~chainer.Variable: output of shape ``(n, c, out_1, ..., out_N)``; with
        ``return_indices``, the pair ``(output, indices)``.
    """
    ndim = max(len(x.shape) - 2, 1)
    func = MaxPoolingND(ndim, ksize, stride, pad, cover_all,
                        False if return_indices else use_cudnn)
    return apply_max_pooling(func, x, return_indices)


def apply_max_pooling(func, x, return_indices):
    """Applies the max pooling node ``func`` that a wrapper function made to ``x``:
    ``y``, or ``(y, indices)`` with ``return_indices``. Without indices and without a
    graph, nobody can read the node's argmax: it is not computed."""
    volatile = x._volatile if isinstance(x, variable.Variable) else flag.AUTO
    func._indexes_unread = not return_indices and \
        not function.records_graph(volatile) and not function.get_function_hooks()
    y = func(x)
    return (y, func.indexes) if return_indices else y


def _fixed_ndim(x, ndim, name):
    if len(x.shape) != 2 + ndim:
        raise ValueError('{} takes an input of {} dimensions (n, c and {} spatial), '
                         'got shape {}'.format(name, 2 + ndim, ndim, x.shape))


def max_pooling_1d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """1-dimensional max pooling (v4+): :func:`max_pooling_nd` of an input
    ``(n, c, w)``; raises ValueError for another number of dimensions."""
    _fixed_ndim(x, 1, 'max_pooling_1d')
    return max_pooling_nd(x, ksize, stride, pad, cover_all,
                          return_indices=return_indices)


def max_pooling_3d(x, ksize, stride=None, pad=0, cover_all=True, return_indices=False):
    """3-dimensional max pooling (v4+): :func:`max_pooling_nd` of an input
    ``(n, c, d, h, w)``; raises ValueError for another number of dimensions."""
    _fixed_ndim(x, 3, 'max_pooling_3d')
    return max_pooling_nd(x, ksize, stride, pad, cover_all,
                          return_indices=return_indices)
