"""N-dimensional deconvolution (transposed convolution): ``F.deconvolution_nd``."""
import numpy

from chainer import cuda
from chainer import function
from chainer.functions._errors import AssertedValueError
from chainer.functions.connection import _conv_gemm
from chainer.functions.connection import _onednn_conv
from chainer.functions.connection import _conv_grad
from chainer.functions.connection import _conv_gemm_gpu
from chainer.functions import _grad_nodes
from chainer.functions.connection import _weight_dtype
from chainer.utils import conv
from chainer.utils import conv_nd
from chainer.utils import type_check


class DeconvolutionND(_weight_dtype.WeightDtypeFollowsInput, function.Function):
    """N-dimensional deconvolution: the adjoint of the convolution with the same filters.

    The forward is a convolution's input gradient (:func:`_conv_gemm.transposed_correlate`);
    the backward uses im2col of the output gradient and two GEMMs.

    Args:
        ndim (int): number of spatial dimensions.
        stride, pad (int or tuple of ints): per spatial axis.
        outsize (tuple of ints or None): output spatial size; None estimates it with
            :func:`chainer.utils.conv.get_deconv_outsize`.
        use_cudnn (bool or None): accepted for compatibility (the GPU path is the library's
            ``im2col_nd``/``col2im_nd`` kernels and batched GEMMs; no cuDNN).
        dilate (int or tuple of ints): filter dilation (v4+).
        groups (int): channel groups (v6+; ``W`` is ``(c_I, c_O / groups, k...)``).
        _cover_all (bool): the ``cover_all`` of the convolution whose adjoint this is
            (the gradient of a ``cover_all`` convolution; needs ``outsize``).

    Differentiable twice: an ordinary backward works on arrays; in a double backprop
    ``gx`` is a convolution of ``gy``, ``gW`` a :class:`_conv_grad.ConvFilterGrad`
    node and ``gb`` a channel sum.
    """

    _differentiable_backward = True

    def __init__(self, ndim, stride=1, pad=0, outsize=None, use_cudnn=None, dilate=1,
                 groups=1, _cover_all=False):
        if int(ndim) < 1:
            raise ValueError('ndim must be a positive int, got {!r}'.format(ndim))
        self.ndim = int(ndim)
        self.stride = conv_nd.as_tuple(stride, self.ndim)
        self.pad = conv_nd.as_tuple(pad, self.ndim)
        if any(s < 1 for s in self.stride) or any(p < 0 for p in self.pad):
            raise ValueError('stride must be positive and pad non-negative, got '
                             'stride={} pad={}'.format(self.stride, self.pad))
        self.outsize = None if outsize is None else conv_nd.as_tuple(outsize, self.ndim)
        self.use_cudnn = use_cudnn
        self.dilate = conv_nd.as_tuple(dilate, self.ndim)
        if any(d < 1 for d in self.dilate):
            raise ValueError('dilate must be positive, got {}'.format(self.dilate))
        self.groups = int(groups)
        if self.groups < 1:
            raise ValueError('groups must be positive, got {!r}'.format(groups))
        self._cover_all = _cover_all

    def check_type_forward(self, in_types):
        if self.groups > 1:
            _conv_grad.check_groups(in_types, self.groups, 0)
        else:
            _conv_gemm.check_types(in_types, self.ndim, 0)
        if self.outsize is not None:
            x_type, w_type = in_types[:2]
            # outsize must map back onto the input size through the convolution rule.
            for i in range(self.ndim):
                type_check.expect(x_type.shape[2 + i] == conv.get_conv_outsize(
                    self.outsize[i], w_type.shape[2 + i], self.stride[i], self.pad[i],
                    cover_all=self._cover_all, d=self.dilate[i]))

    def _ungrouped(self):
        return DeconvolutionND(self.ndim, self.stride, self.pad, self.outsize,
                               self.use_cudnn, self.dilate, 1, self._cover_all)

    def forward(self, inputs):
        if self.groups > 1:
            return _conv_grad.grouped_forward(self, inputs)
        return super(DeconvolutionND, self).forward(inputs)

    def backward(self, inputs, grad_outputs):
        if _grad_nodes.is_variable(grad_outputs[0]):
            return self._variable_grads(inputs, grad_outputs[0])
        if self.groups > 1:
            return _conv_grad.grouped_backward(self, inputs, grad_outputs)
        return super(DeconvolutionND, self).backward(inputs, grad_outputs)

    def _variable_grads(self, inputs, gy):
        """The gradients as Variables (a double backprop)."""
        from chainer.functions.connection.convolution_nd import ConvolutionND
        x, W0 = inputs[:2]
        W = _grad_nodes.cast_like(W0, x)
        gx = ConvolutionND(self.ndim, self.stride, self.pad, cover_all=self._cover_all,
                           dilate=self.dilate, groups=self.groups)(gy, W)
        gW = _conv_grad.ConvFilterGrad(
            self.ndim, self.stride, self.pad, self.dilate, self._cover_all, self.groups,
            W.shape[2:]).apply((gy, x))[0]
        gW = _grad_nodes.cast_like(gW, W0)
        if len(inputs) == 2:
            return gx, gW
        return gx, gW, _grad_nodes.ChannelSum().apply((gy,))[0]

    def _out_dims(self, x, W):
        if self.outsize is not None:
            dims = self.outsize
        else:
            dims = tuple(conv.get_deconv_outsize(d, k, s, p, d=dl) for d, k, s, p, dl in
                         zip(x.shape[2:], W.shape[2:], self.stride, self.pad,
                             self.dilate))
        if any(d <= 0 for d in dims):
            raise AssertedValueError('deconvolution output size {} is empty'.format(dims))
        return dims

    def forward_cpu(self, inputs):
        x, W = inputs[:2]
        dims = self._out_dims(x, W)
        # the convolution whose input gradient this is, on oneDNN where it applies
        self._onednn = None
        if type(x) is numpy.ndarray and x.dtype == numpy.float32:
            self._onednn = _onednn_conv.plan_for(
                (x.shape[0], W.shape[1]) + tuple(dims), W, False, self.stride, self.pad,
                self.dilate, self._cover_all, out_dims=x.shape[2:])
        if self._onednn is not None and self._onednn.input_grad_on_onednn:
            y = self._onednn.backward_data(x, W)
        else:
            y = _conv_gemm.transposed_correlate(x, W, self.stride, self.pad, dims,
                                                dilate=self.dilate)
        if len(inputs) == 3:
            y += inputs[2].reshape((1, -1) + (1,) * self.ndim)
        return y,

    def backward_cpu(self, inputs, grad_outputs):
        x, W = inputs[:2]
        gy = grad_outputs[0]
        xp = cuda.get_array_module(x)
        needed = self._input_grads_needed(inputs)
        gx = gW = gb = None
        plan = getattr(self, '_onednn', None)
        if plan is not None:  # the convolution's forward and filter gradient
            gx = plan.forward(gy, W) if needed[0] else None
            gW = plan.backward_weights(gy, x)[0] if needed[1] else None
        elif needed[0] or needed[1]:
            col = conv_nd.im2col_nd(gy, W.shape[2:], self.stride, self.pad,
                                    cover_all=self._cover_all, dilate=self.dilate)
            if needed[0]:
                gx = xp.moveaxis(_conv_gemm.correlate(col, W), -1, 1)
            if needed[1]:
                gW = _conv_gemm.weight_grad(x, col)
        if len(inputs) == 3:
            if needed[2]:
                gb = gy.sum(axis=(0,) + tuple(range(2, gy.ndim)))
            return gx, gW, gb
        return gx, gW

    def forward_gpu(self, inputs):
        # The columns W_2^T x[n] (one batched GEMM) summed into the image by col2im_nd.
        x, W = inputs[:2]
        dims = self._out_dims(x, W)
        gcol = _conv_gemm_gpu.filter_product(W.reshape(W.shape[0], -1).T, x)
        gcol = gcol.reshape(x.shape[:1] + W.shape[1:] + x.shape[2:])
        y = cuda.kernel('col2im_nd')(gcol, self.stride, self.pad, dims,
                                     dilate=self.dilate)
        if len(inputs) == 3:
            y += inputs[2].reshape((1, -1) + (1,) * self.ndim)
        return y,

    def backward_gpu(self, inputs, grad_outputs):
        x, W = inputs[:2]
        gy = grad_outputs[0]
        col = cuda.kernel('im2col_nd')(gy, W.shape[2:], self.stride, self.pad,
                                       cover_all=self._cover_all, dilate=self.dilate)
        gx = _conv_gemm_gpu.filter_product(W.reshape(W.shape[0], -1), col).reshape(x.shape)
        gW = _conv_gemm_gpu.filter_grad(x, col).reshape(W.shape)
        if len(inputs) == 3:
            return gx, gW, _conv_gemm_gpu.channel_sum(gy)
        return gx, gW


def deconvolution_nd(x, W, b=None, stride=1, pad=0, outsize=None, use_cudnn=None,
                     dilate=1, groups=1):
    """N-dimensional deconvolution function.

    The adjoint of :func:`convolution_nd`: every input pixel spreads through the filter,

    .. math::
        y[n, m, o_1 s_1 + k_1 - p_1, ...] \\mathrel{+}= \\sum_c W[c, m, k_1, ...]\\,
            x[n, c, o_1, ...],

    plus the bias, with output size ``out_i = s_i (d_i - 1) + k_i - 2 p_i`` unless
    ``outsize`` is given.

    Args:
        x (~chainer.Variable): input of shape ``(n, c_I, d_1, ..., d_N)``.
        W (~chainer.Variable): filters of shape ``(c_I, c_O, k_1, ..., k_N)``; it may be of
            another float dtype than ``x`` (as in Chainer v1: the output keeps ``x``'s).
        b (~chainer.Variable): bias of length ``c_O`` (optional).
        stride (int or tuple of ints): ``stride=s`` is ``(s, ..., s)``.
        pad (int or tuple of ints): ``pad=p`` is ``(p, ..., p)``.
        outsize (tuple of ints): expected output size ``(out_1, ..., out_N)``.
        use_cudnn (bool or None): accepted for compatibility (the GPU path is the library's
            ``im2col_nd``/``col2im_nd`` kernels and batched GEMMs; no cuDNN).
        dilate (int or tuple of ints): filter dilation (v4+).
        groups (int): channel groups (v6+): ``W`` is then ``(c_I, c_O / groups, k...)``.

    Returns:
        ~chainer.Variable: output of shape ``(n, c_O, out_1, ..., out_N)``.

    It is differentiable twice.
    """
    ndim = max(len(x.shape) - 2, 1)
    func = DeconvolutionND(ndim, stride, pad, outsize, use_cudnn, dilate, groups)
    if b is None:
        return func(x, W)
    return func(x, W, b)


def _deconvolution_fixed(ndim, x, W, b, stride, pad, outsize, dilate, groups):
    if len(x.shape) != ndim + 2:
        raise ValueError('the input of a {}-d deconvolution must have {} axes, got shape '
                         '{}'.format(ndim, ndim + 2, x.shape))
    return deconvolution_nd(x, W, b, stride, pad, outsize, dilate=dilate, groups=groups)


def deconvolution_1d(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """One-dimensional deconvolution (v5+): :func:`deconvolution_nd` of an input
    ``(n, c_I, l)``, checked to have three axes (ValueError otherwise).
    Differentiable twice."""
    return _deconvolution_fixed(1, x, W, b, stride, pad, outsize, dilate, groups)


def deconvolution_3d(x, W, b=None, stride=1, pad=0, outsize=None, dilate=1, groups=1):
    """Three-dimensional deconvolution (v5+): :func:`deconvolution_nd` of an input
    ``(n, c_I, d, h, w)``, checked to have five axes (ValueError otherwise).
    Differentiable twice."""
    return _deconvolution_fixed(3, x, W, b, stride, pad, outsize, dilate, groups)
