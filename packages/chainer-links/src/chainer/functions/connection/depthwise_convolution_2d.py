"""Two-dimensional depthwise convolution: ``F.depthwise_convolution_2d`` (Sifre, 2014)."""
from chainer import cuda
from chainer import function
from chainer.functions import _type_checks
from chainer.functions import _grad_nodes
from chainer import utils
from chainer.utils import conv_nd


def _depthwise_shapes(x_type, w_type):
    """x (n, c, h, w) and W (multiplier, c, kh, kw)."""
    return x_type.ndim == 4, w_type.ndim == 4, x_type.shape[1] == w_type.shape[1]


def _depthwise_outputs(w_type):
    """Output channels: multiplier times input channels."""
    return w_type.shape[0] * w_type.shape[1]


def _per_channel_patches(col):
    """``(c, n*oh*ow, kh*kw)``: the patches of each input channel as row matrices."""
    n, c, kh, kw, oh, ow = col.shape
    return col.transpose(1, 0, 4, 5, 2, 3).reshape(c, n * oh * ow, kh * kw)


def _per_channel_filters(W):
    """``(c, kh*kw, m)``: the ``m`` filters of each input channel as columns."""
    m, c, kh, kw = W.shape
    return W.transpose(1, 2, 3, 0).reshape(c, kh * kw, m)


class DepthwiseConvolution2D(function.Function):
    """Correlates each input channel ``c`` with its own ``m`` filters ``W[:, c]``; the
    output channel ``c * m + j`` holds filter ``j`` of input channel ``c``.

    Computed as :func:`chainer.utils.conv_nd.im2col_nd` and one batched matrix product
    (one matrix per input channel); the input gradient goes back by
    :func:`chainer.utils.conv_nd.col2im_nd`.

    Differentiable twice: in a double backprop the gradients are those of the grouped
    convolution it equals (``groups=c`` with the filters ``W[j, c]`` at output channel
    ``c * m + j``), built from a deconvolution, a :class:`_conv_grad.ConvFilterGrad`
    node and a channel sum.
    """

    _differentiable_backward = True

    def __init__(self, stride=1, pad=0):
        self.stride = conv_nd.as_tuple(stride, 2)
        self.pad = conv_nd.as_tuple(pad, 2)

    def check_type_forward(self, in_types):
        _type_checks.expect_weighted_inputs(in_types, _depthwise_shapes,
                                            _depthwise_outputs)

    def forward(self, inputs):
        x, W = inputs[:2]
        xp = cuda.get_array_module(x)
        self.col = conv_nd.im2col_nd(x, W.shape[2:], self.stride, self.pad)
        n, c, _, _, oh, ow = self.col.shape
        m = W.shape[0]
        # (c, n*oh*ow, kh*kw) x (c, kh*kw, m) -> (c, n*oh*ow, m)
        y = xp.matmul(_per_channel_patches(self.col), _per_channel_filters(W))
        y = y.reshape(c, n, oh, ow, m).transpose(1, 0, 4, 2, 3).reshape(n, c * m, oh, ow)
        y = y.astype(x.dtype, copy=False)
        if len(inputs) == 3:
            y = y + inputs[2][:, None, None]
        return utils.force_array(y),

    def backward(self, inputs, grad_outputs):
        if _grad_nodes.is_variable(grad_outputs[0]):
            return self._variable_grads(inputs, grad_outputs[0])
        x, W = inputs[:2]
        xp = cuda.get_array_module(x)
        n, c, kh, kw, oh, ow = self.col.shape
        m = W.shape[0]
        gy = grad_outputs[0]
        # (n, c*m, oh, ow) -> (c, m, n*oh*ow)
        gy_rows = gy.reshape(n, c, m, oh * ow).transpose(1, 2, 0, 3).reshape(c, m, -1)
        needed = self._input_grads_needed(inputs)
        gx = gW = gb = None
        if needed[1]:
            gW = xp.matmul(gy_rows, _per_channel_patches(self.col))  # (c, m, kh*kw)
            gW = utils.force_array(gW.reshape(c, m, kh, kw).transpose(1, 0, 2, 3)
                                   .astype(W.dtype, copy=False))
        if needed[0]:
            gcol = xp.matmul(_per_channel_filters(W), gy_rows)  # (c, kh*kw, n*oh*ow)
            gcol = gcol.reshape(c, kh, kw, n, oh, ow).transpose(3, 0, 1, 2, 4, 5)
            gx = utils.force_array(conv_nd.col2im_nd(
                gcol.astype(x.dtype, copy=False), self.stride, self.pad, x.shape[2:]))
        if len(inputs) == 2:
            return gx, gW
        if needed[2]:
            gb = utils.force_array(gy.sum(axis=(0, 2, 3)))
        return gx, gW, gb


    def _variable_grads(self, inputs, gy):
        """The gradients as Variables (a double backprop)."""
        from chainer.functions.connection import _conv_grad
        from chainer.functions.connection.deconvolution_nd import DeconvolutionND
        x, W0 = inputs[:2]
        W = _grad_nodes.cast_like(W0, x)
        m, c, kh, kw = W.shape
        swap = (1, 0, 2, 3)
        Wg = _grad_nodes.reshape(_grad_nodes.Transpose(swap).apply((W,))[0],
                                 (c * m, 1, kh, kw))
        gx = DeconvolutionND(2, self.stride, self.pad, x.shape[2:], groups=c)(gy, Wg)
        gWg = _conv_grad.ConvFilterGrad(2, self.stride, self.pad, (1, 1), False, c,
                                        (kh, kw)).apply((x, gy))[0]
        gW = _grad_nodes.Transpose(swap).apply(
            (_grad_nodes.reshape(gWg, (c, m, kh, kw)),))[0]
        gW = _grad_nodes.cast_like(gW, W0)
        if len(inputs) == 2:
            return gx, gW
        return gx, gW, _grad_nodes.ChannelSum().apply((gy,))[0]


def depthwise_convolution_2d(x, W, b=None, stride=1, pad=0):
    """Two-dimensional depthwise convolution.

    Unlike :func:`~chainer.functions.convolution_2d`, the input channels are not summed:
    each input channel ``c`` is correlated with its own ``c_M`` filters (the *channel
    multiplier*), and the results are concatenated:

    .. math:: y[n, c c_M + j, p, q] = \\sum_{u, v} W[j, c, u, v]
        \\, x[n, c, p s_Y + u - p_H, q s_X + v - p_W] + b[c c_M + j]

    The output size follows the one of :func:`~chainer.functions.convolution_2d`.

    Args:
        x (~chainer.Variable): input images ``(n, c_I, h, w)``.
        W (~chainer.Variable): filters ``(c_M, c_I, k_H, k_W)``.
        b (~chainer.Variable): optional bias of length ``c_M * c_I``.
        stride (int or pair of ints): stride of the filter applications.
        pad (int or pair of ints): zero padding of the spatial axes.

    Returns:
        ~chainer.Variable: output ``(n, c_I * c_M, h_O, w_O)``.

    .. seealso:: :class:`~chainer.links.DepthwiseConvolution2D`
    """
    inputs = (x, W) if b is None else (x, W, b)
    return DepthwiseConvolution2D(stride, pad)(*inputs)
