"""N-dimensional average pooling."""
from chainer import cuda
from chainer import variable
from chainer.functions.pooling import _window_nodes
from chainer.functions.pooling import _windows
from chainer.functions.pooling import pooling_nd
from chainer.utils import conv_nd


def check_no_cover_all(cover_all):
    """Average pooling has no cover-all mode: the argument exists, as in Chainer v1, so
    that v1's positional calls ``(ksize, stride, pad, cover_all, use_cudnn)`` keep
    their meaning, and only False is accepted (v1's ``AveragePoolingND`` rule)."""
    if cover_all:
        raise ValueError('average pooling does not support the cover_all mode')


class AveragePoolingND(pooling_nd.PoolingND):
    """Mean over each window; zero padding counts in the mean (non-cover-all mode).

    ``cover_all`` must be False (see :func:`check_no_cover_all`). Linear, so
    differentiable to any order.
    """

    def __init__(self, ndim, ksize, stride=None, pad=0, cover_all=False, use_cudnn=None):
        check_no_cover_all(cover_all)
        super(AveragePoolingND, self).__init__(ndim, ksize, stride, pad, False, use_cudnn)

    def forward_cpu(self, inputs):
        x = inputs[0]
        y = _windows.window_sum(x, self.ksize, self.stride, self.pad, False)
        y *= x.dtype.type(1.0 / _windows.n_taps(self.ksize))
        return y,

    _differentiable_backward = True

    def backward(self, inputs, grad_outputs):
        if isinstance(grad_outputs[0], variable.Variable):  # a double backprop
            return _window_nodes.Spread(
                self.ksize, self.stride, self.pad, inputs[0].shape[2:], False,
                1.0 / _windows.n_taps(self.ksize)).apply((grad_outputs[0],))
        return super(AveragePoolingND, self).backward(inputs, grad_outputs)

    def backward_cpu(self, inputs, grad_outputs):
        x = inputs[0]
        gy = grad_outputs[0]
        gy = gy * gy.dtype.type(1.0 / _windows.n_taps(self.ksize))
        return _windows.spread(gy, self.ksize, self.stride, self.pad, x.shape[2:],
                               conv_nd.is_channels_last(x)),

    def forward_gpu(self, inputs):
        x = inputs[0]
        y = self._cudnn_forward(x, 'average')
        if y is None:
            y = cuda.kernel('average_pooling_fwd')(x, self.ksize, self.stride, self.pad)
        return y,

    def backward_gpu(self, inputs, grad_outputs):
        x = inputs[0]
        if self._cudnn:
            return self._cudnn_backward(x, grad_outputs[0], 'average'),
        return cuda.kernel('average_pooling_bwd')(grad_outputs[0], x.shape, self.ksize,
                                                  self.stride, self.pad),


def _average_inside(x, ksize, stride, pad):
    # The mean over the part of each window inside the input: the window sums divided
    # by the number of such elements (a node of sums times a constant, so linear).
    ndim = len(x.shape) - 2
    _, ksize, stride, pad = _windows.window_geometry(ndim, ksize, stride, pad)
    x = x if isinstance(x, variable.Variable) else variable.Variable(x)
    xp = cuda.get_array_module(x.data)
    ones = xp.ones((1, 1) + x.shape[2:], dtype=x.dtype)
    count = _windows.window_sum(ones, ksize, stride, pad, False)
    y, = _window_nodes.WindowSum(ksize, stride, pad, False).apply((x,))
    return y * xp.broadcast_to(1 / count, y.shape).astype(x.dtype)


def average_pooling_nd(x, ksize, stride=None, pad=0, pad_value=0, use_cudnn=None):
    """N-dimensionally spatial average pooling function.

    .. math:: y[n, c, o] = \\frac{1}{\\prod_i k_i} \\sum_{k_1, ..., k_N}
        x[n, c, o_1 s_1 + k_1 - p_1, ..., o_N s_N + k_N - p_N]

    with zero padding (padded zeros count in the mean). Average pooling runs in
    non-cover-all mode.

    Args:
        x (~chainer.Variable): input of shape ``(n, c, d_1, ..., d_N)``.
        ksize (int or tuple of ints): window size.
        stride (int, tuple of ints or None): stride; None uses ``ksize``.
        pad (int or tuple of ints): padding width.
        pad_value (0 or None): ``0`` (default): padded zeros count in the mean; None
            (v4+): each window averages its elements inside the input only. A bool
            here is v1's fifth positional argument, ``use_cudnn``.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled.

    Returns:
        ~chainer.Variable: output of shape ``(n, c, out_1, ..., out_N)``.

    Raises:
        ValueError: for a ``pad_value`` other than 0 and None.
    """
    if isinstance(pad_value, bool):  # v1's positional use_cudnn
        pad_value, use_cudnn = 0, pad_value
    if pad_value is None:
        return _average_inside(x, ksize, stride, pad)
    if isinstance(pad_value, bool) or pad_value != 0:
        raise ValueError('pad_value must be 0 or None, got {!r}'.format(pad_value))
    ndim = max(len(x.shape) - 2, 1)
    return AveragePoolingND(ndim, ksize, stride, pad, False, use_cudnn)(x)


def _fixed_ndim(x, ndim, name):
    if len(x.shape) != 2 + ndim:
        raise ValueError('{} takes an input of {} dimensions (n, c and {} spatial), '
                         'got shape {}'.format(name, 2 + ndim, ndim, x.shape))


def average_pooling_1d(x, ksize, stride=None, pad=0, pad_value=0):
    """1-dimensional average pooling (v4+): :func:`average_pooling_nd` of an input
    ``(n, c, w)``; raises ValueError for another number of dimensions."""
    _fixed_ndim(x, 1, 'average_pooling_1d')
    return average_pooling_nd(x, ksize, stride, pad, pad_value)


def average_pooling_3d(x, ksize, stride=None, pad=0, pad_value=0):
    """3-dimensional average pooling (v4+): :func:`average_pooling_nd` of an input
    ``(n, c, d, h, w)``; raises ValueError for another number of dimensions."""
    _fixed_ndim(x, 3, 'average_pooling_3d')
    return average_pooling_nd(x, ksize, stride, pad, pad_value)
