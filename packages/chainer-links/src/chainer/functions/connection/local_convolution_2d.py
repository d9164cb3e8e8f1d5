"""Locally connected two-dimensional convolution (v4+): ``F.local_convolution_2d``.

Like a convolution, but every output position ``(i, j)`` has filters of its own:
``W`` is ``(c_O, h_O, w_O, c_I, k_H, k_W)``. The three array products (output, filter
gradient, input gradient) are einsums over the column array of
:func:`chainer.utils.conv_nd.im2col_nd`; each is a node whose gradients are the other
two, so the function is differentiable to any order.
"""
from chainer import cuda
from chainer import function_node
from chainer.functions import _grad_nodes
from chainer.functions import _type_checks
from chainer.functions.connection import _weight_dtype
from chainer.utils import conv
from chainer.utils import conv_nd
from chainer.utils import type_check


def _columns(x, ksize, stride):
    if isinstance(x, cuda.ndarray):
        return cuda.kernel('im2col_nd')(x, ksize, stride, (0, 0))
    return conv_nd.im2col_nd(x, ksize, stride, (0, 0))


def _images(col, stride, dims):
    if isinstance(col, cuda.ndarray):
        return cuda.kernel('col2im_nd')(col, stride, (0, 0), dims)
    return conv_nd.col2im_nd(col, stride, (0, 0), dims)


def _local_shapes(x_type, w_type):
    """``x`` (n, c, h, w) and ``W`` (c_O, outh, outw, c, kh, kw) share ``c``."""
    return x_type.ndim == 4, w_type.ndim == 6, x_type.shape[1] == w_type.shape[3]


def _local_bias_shape(w_type):
    """``b`` is ``(c_O, outh, outw)``: one bias per output location."""
    return w_type.shape[0], w_type.shape[1], w_type.shape[2]


class LocalConvolution2DFunction(function_node.FunctionNode):
    """``y[n, o, i, j] = sum_{c,u,v} W[o, i, j, c, u, v] x[n, c, i s_Y + u, j s_X + v]
    + b[o, i, j]`` (no padding). ``W`` may be of another float dtype than ``x``: the
    output has ``x``'s dtype, the filter gradient ``W``'s.

    Args:
        stride (int or pair of ints): the window step.
    """

    def __init__(self, stride=1):
        self.stride = conv_nd.as_tuple(stride, 2)

    def check_type_forward(self, in_types):
        _type_checks.expect_weighted_inputs(in_types, _local_shapes, _local_bias_shape)
        x_type, w_type = in_types[:2]
        for axis in range(2):
            out = conv.get_conv_outsize(type_check.eval(x_type.shape[2 + axis]),
                                        type_check.eval(w_type.shape[4 + axis]),
                                        self.stride[axis], 0)
            type_check.expect(w_type.shape[1 + axis] == out)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, W = _weight_dtype.weight_in_input_dtype(inputs)[:2]
        xp = cuda.get_array_module(x)
        col = _columns(x, W.shape[4:], self.stride)
        y = xp.einsum('ncuvij,oijcuv->noij', col, W)
        if len(inputs) == 3:
            y += inputs[2]
        return y.astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, W = self.get_retained_inputs()
        gy, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(_InputGrad(self.stride, x.shape[2:]).apply(
                (_grad_nodes.cast_like(W, x), gy))[0])
        if 1 in indexes:
            gW = _FilterGrad(self.stride, W.shape[4:]).apply((x, gy))[0]
            ret.append(_grad_nodes.cast_like(gW, W))
        if 2 in indexes:
            ret.append(_BatchSum().apply((gy,))[0])
        return ret


class _FilterGrad(function_node.FunctionNode):
    """``gW[o, i, j, c, u, v] = sum_n gy[n, o, i, j] x[n, c, i s + u, j s + v]``."""

    def __init__(self, stride, ksize):
        self.stride, self.ksize = stride, tuple(ksize)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        xp = cuda.get_array_module(x)
        col = _columns(x, self.ksize, self.stride)
        return xp.einsum('noij,ncuvij->oijcuv', gy, col).astype(x.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(_InputGrad(self.stride, x.shape[2:]).apply((ggW, gy))[0])
        if 1 in indexes:
            ret.append(LocalConvolution2DFunction(self.stride).apply((x, ggW))[0])
        return ret


class _InputGrad(function_node.FunctionNode):
    """``gx``: ``sum_o W[o, i, j, c, u, v] gy[n, o, i, j]`` added back into the image
    (col2im)."""

    def __init__(self, stride, dims):
        self.stride, self.dims = stride, tuple(dims)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        W, gy = inputs
        xp = cuda.get_array_module(W)
        gcol = xp.einsum('oijcuv,noij->ncuvij', W, gy)
        return _images(gcol, self.stride, self.dims).astype(gy.dtype, copy=False),

    def backward(self, indexes, grad_outputs):
        W, gy = self.get_retained_inputs()
        ggx, = grad_outputs
        ret = []
        if 0 in indexes:
            ret.append(_FilterGrad(self.stride, W.shape[4:]).apply((ggx, gy))[0])
        if 1 in indexes:
            ret.append(LocalConvolution2DFunction(self.stride).apply((ggx, W))[0])
        return ret


class _BatchSum(function_node.FunctionNode):
    """``gb = sum_n gy[n]``; its gradient broadcasts back over the batch."""

    def forward(self, inputs):
        self._n = inputs[0].shape[0]
        return inputs[0].sum(axis=0),

    def backward(self, indexes, grad_outputs):
        from chainer.core_functions import broadcast
        g, = grad_outputs
        return broadcast.BroadcastTo((self._n,) + g.shape).apply((g,))


def local_convolution_2d(x, W, b=None, stride=1):
    """Locally connected convolution: a convolution whose filters differ at every
    output position (v4+).

    .. math::
        y[n, o, i, j] = b[o, i, j] + \\sum_{c, u, v} W[o, i, j, c, u, v]\\,
            x[n, c, i s_Y + u, j s_X + v]

    There is no padding; the output size is ``h_O = (h - k_H) / s_Y + 1`` (and
    likewise ``w_O``), which ``W``'s second and third axes must equal.

    Args:
        x (~chainer.Variable or array): input ``(n, c_I, h, w)``.
        W (~chainer.Variable or array): filters ``(c_O, h_O, w_O, c_I, k_H, k_W)``.
        b (~chainer.Variable or array): bias ``(c_O, h_O, w_O)`` (optional).
        stride (int or pair of ints): the window step.

    Returns:
        ~chainer.Variable: output ``(n, c_O, h_O, w_O)``.

    It is differentiable to any order (bilinear in ``x`` and ``W``).
    """
    args = (x, W) if b is None else (x, W, b)
    return LocalConvolution2DFunction(stride).apply(args)[0]
