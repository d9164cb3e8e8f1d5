"""N-dimensional convolution."""
from chainer import cuda
from chainer import function
from chainer.functions import _cudnn
from chainer.functions.connection import _conv_gemm
from chainer.functions.connection import _conv_grad
from chainer.functions.connection import _conv_gemm_gpu
from chainer.functions.connection import _onednn_conv
from chainer.functions import _grad_nodes
from chainer.functions.connection import _weight_dtype
from chainer.utils import conv_nd


class ConvolutionND(_weight_dtype.WeightDtypeFollowsInput, function.Function):
    """N-dimensional convolution (correlation) of ``x`` with filters ``W``, plus bias.

    It is computed as im2col (one copy of a strided view) followed by one GEMM, and its
    output is channels-last in memory (the GEMM's rows), which the next im2col reads in
    long runs. Where the column array is channel-major (an input that is not
    channels-last), a row of ones below it carries the bias through that GEMM and the
    bias gradient through the filter gradient's GEMM. The backward is the
    filter-gradient GEMM and the input gradient of
    :func:`_conv_gemm.transposed_correlate`. It also serves the 2-d and the dilated
    convolutions, which are special cases.

    Args:
        ndim (int): number of spatial dimensions.
        stride, pad, dilate (int or tuple of ints): per spatial axis.
        use_cudnn (bool or None): on the GPU, run cuDNN when it is enabled (and ``cover_all`` is
            False); otherwise the library's ``im2col_nd``/``col2im_nd`` kernels and
            batched GEMMs.
        cover_all (bool): see :func:`chainer.utils.conv.get_conv_outsize`.
        groups (int): number of channel groups (v6+; see
            :mod:`~chainer.functions.connection._conv_grad`).

    Differentiable twice: an ordinary backward works on arrays; in a double backprop
    ``gx`` is a deconvolution of ``gy``, ``gW`` a :class:`_conv_grad.ConvFilterGrad`
    node and ``gb`` a channel sum.
    """

    _differentiable_backward = True

    def __init__(self, ndim, stride=1, pad=0, use_cudnn=None, cover_all=False, dilate=1,
                 groups=1):
        if int(ndim) < 1:
            raise ValueError('ndim must be a positive int, got {!r}'.format(ndim))
        self.ndim = int(ndim)
        self.stride = conv_nd.as_tuple(stride, self.ndim)
        self.pad = conv_nd.as_tuple(pad, self.ndim)
        self.dilate = conv_nd.as_tuple(dilate, self.ndim)
        _check_positive(self.stride, 'stride')
        _check_positive(self.dilate, 'dilate')
        if any(p < 0 for p in self.pad):
            raise ValueError('pad must be non-negative, got {}'.format(self.pad))
        self.use_cudnn = use_cudnn
        self.cover_all = cover_all
        self.groups = int(groups)
        if self.groups < 1:
            raise ValueError('groups must be positive, got {!r}'.format(groups))

    def check_type_forward(self, in_types):
        if self.groups > 1:
            _conv_grad.check_groups(in_types, self.groups, 1)
            return
        _conv_gemm.check_types(in_types, self.ndim, 1)

    def _ungrouped(self):
        return ConvolutionND(self.ndim, self.stride, self.pad, self.use_cudnn,
                             self.cover_all, self.dilate)

    def forward(self, inputs):
        if self.groups > 1:
            return _conv_grad.grouped_forward(self, inputs)
        return super(ConvolutionND, self).forward(inputs)

    def backward(self, inputs, grad_outputs):
        if _grad_nodes.is_variable(grad_outputs[0]):
            return self._variable_grads(inputs, grad_outputs[0])
        if self.groups > 1:
            return _conv_grad.grouped_backward(self, inputs, grad_outputs)
        return super(ConvolutionND, self).backward(inputs, grad_outputs)

    def _variable_grads(self, inputs, gy):
        """The gradients as Variables (a double backprop)."""
        from chainer.functions.connection.deconvolution_nd import DeconvolutionND
        x, W0 = inputs[:2]
        W = _grad_nodes.cast_like(W0, x)
        gx = DeconvolutionND(self.ndim, self.stride, self.pad, x.shape[2:],
                             dilate=self.dilate, groups=self.groups,
                             _cover_all=self.cover_all)(gy, W)
        gW = _conv_grad.ConvFilterGrad(
            self.ndim, self.stride, self.pad, self.dilate, self.cover_all, self.groups,
            W.shape[2:]).apply((x, gy))[0]
        gW = _grad_nodes.cast_like(gW, W0)
        if len(inputs) == 2:
            return gx, gW
        return gx, gW, _grad_nodes.ChannelSum().apply((gy,))[0]

    def forward_cpu(self, inputs):
        x, W = inputs[:2]
        xp = cuda.get_array_module(x)
        self._aug = None
        self._onednn = _onednn_conv.plan_for(x, W, len(inputs) == 3, self.stride,
                                             self.pad, self.dilate, self.cover_all)
        if self._onednn is not None:  # float32 on a host with oneDNN installed
            return self._onednn.forward(*inputs),
        if len(inputs) == 3:
            # A channel-major column array gets a row of ones: the bias joins the GEMM.
            both = _conv_gemm.im2col_with_ones(x, W.shape[2:], self.stride, self.pad,
                                               cover_all=self.cover_all, dilate=self.dilate)
            if both is not None:
                self.col, self._aug = both
                y = _conv_gemm.correlate_with_bias(self.col, self._aug, W, inputs[2])
                return xp.moveaxis(y, -1, 1),
        self.col = conv_nd.im2col_nd(x, W.shape[2:], self.stride, self.pad,
                                     cover_all=self.cover_all, dilate=self.dilate)
        y = _conv_gemm.correlate(self.col, W)  # channels last
        if len(inputs) == 3:
            y += inputs[2]
        return xp.moveaxis(y, -1, 1),

    def backward_cpu(self, inputs, grad_outputs):
        x, W = inputs[:2]
        gy = grad_outputs[0]
        needed = self._input_grads_needed(inputs)
        plan = getattr(self, '_onednn', None)
        if plan is not None:
            return _onednn_grads(plan, inputs, gy, needed, self)
        gy_rows = _conv_gemm.rows(gy)  # a view for the channels-last gy of our GEMMs
        gx = gW = gb = None
        if len(inputs) == 3 and (needed[1] or needed[2]) and \
                getattr(self, '_aug', None) is not None:
            # the filter and bias gradients come out of one GEMM: computed so even when
            # only one of them is needed (the other passed as an array), so that each is
            # bit for bit the same either way
            gW, gb = _conv_gemm.weight_and_bias_grad(self._aug, gy_rows, W.shape)
            gW = gW if needed[1] else None
            gb = gb if needed[2] else None
        elif needed[1]:
            gW = _conv_gemm.weight_grad(gy, self.col, a_rows=gy_rows)
        if needed[0] is function.DEFERRABLE:  # a leaf Variable's: computed if read
            gx = function.DeferredGrad(_input_grad, gy.copy("K"), W.copy("K"), self.stride,
                                       self.pad, x.shape[2:], self.dilate)
        elif needed[0]:  # not for images passed as arrays: GEMM and col2im saved
            gx = _input_grad(gy, W, self.stride, self.pad, x.shape[2:], self.dilate,
                             gy_rows)
        if len(inputs) == 3:
            if gb is None and needed[2]:
                gb = _conv_gemm.bias_grad(gy_rows)
            return gx, gW, gb
        return gx, gW

    def forward_gpu(self, inputs):
        x, W = inputs[:2]
        b = inputs[2] if len(inputs) == 3 else None
        # cuDNN computes exact (not cover_all) output sizes only.
        self._cudnn = _cudnn.enabled(self.use_cudnn) and not self.cover_all
        if self._cudnn:
            return cuda.kernel('cudnn_convolution_forward')(
                x, W, b, self.stride, self.pad, self.dilate),
        self.col = cuda.kernel('im2col_nd')(x, W.shape[2:], self.stride, self.pad,
                                            cover_all=self.cover_all, dilate=self.dilate)
        y = _conv_gemm_gpu.filter_product(W.reshape(W.shape[0], -1), self.col)
        if b is not None:
            y += b[:, None]
        return y.reshape(y.shape[:2] + self.col.shape[2 + self.ndim:]),

    def backward_gpu(self, inputs, grad_outputs):
        x, W = inputs[:2]
        gy = grad_outputs[0]
        if self._cudnn:
            gx, gW, gb = cuda.kernel('cudnn_convolution_backward')(
                x, W, gy, self.stride, self.pad, self.dilate)
        else:
            gW = _conv_gemm_gpu.filter_grad(gy, self.col).reshape(W.shape)
            gcol = _conv_gemm_gpu.filter_product(W.reshape(W.shape[0], -1).T, gy)
            gx = cuda.kernel('col2im_nd')(gcol.reshape(self.col.shape), self.stride,
                                          self.pad, x.shape[2:], dilate=self.dilate)
            gb = _conv_gemm_gpu.channel_sum(gy) if len(inputs) == 3 else None
        if len(inputs) == 3:
            return gx, gW, gb
        return gx, gW


def _onednn_grads(plan, inputs, gy, needed, func):
    """The gradients of a convolution whose forward ran on oneDNN: filter and bias
    gradients from one primitive, the input gradient from another (or from the numpy
    path for inputs of few channels; deferred until read for a leaf Variable, see
    :class:`chainer.function.DeferredGrad`)."""
    x, W = inputs[:2]
    gx = gW = gb = None
    if needed[1] or len(inputs) == 3 and needed[2]:
        gW, gb = plan.backward_weights(x, gy)
        gW = gW if needed[1] else None
        gb = gb if len(inputs) == 3 and needed[2] else None
    if plan.input_grad_on_onednn:
        compute, args = plan.backward_data, (W,)
    else:
        compute = _input_grad
        args = (W, func.stride, func.pad, x.shape[2:], func.dilate)
    if needed[0] is function.DEFERRABLE:
        gx = function.DeferredGrad(compute, gy.copy("K"), *[a.copy("K") if a is W else a
                                                             for a in args])
    elif needed[0]:
        gx = compute(gy, *args)
    return (gx, gW, gb) if len(inputs) == 3 else (gx, gW)


def _input_grad(gy, W, stride, pad, dims, dilate, gy_rows=None):
    return _conv_gemm.transposed_correlate(gy, W, stride, pad, dims, dilate=dilate,
                                           a_rows=gy_rows)


def _check_positive(values, name):
    if any(v < 1 for v in values):
        raise ValueError('{} must be positive, got {}'.format(name, values))


def convolution_nd(x, W, b=None, stride=1, pad=0, use_cudnn=None, cover_all=False,
                   dilate=1, groups=1):
    """N-dimensional convolution function.

    .. math::
        y[n, m, o_1, ..., o_N] = b_m + \\sum_{c, k_1..k_N}
            W[m, c, k_1, ..., k_N]\\, x[n, c, o_1 s_1 + k_1 - p_1, ..., o_N s_N + k_N - p_N]

    (zero outside ``x``), with output sizes ``out_i = (d_i + 2p_i - k_i) / s_i + 1``
    (rounded up with ``cover_all``).

    Args:
        x (~chainer.Variable): input of shape ``(n, c_I, d_1, ..., d_N)``.
        W (~chainer.Variable): filters of shape ``(c_O, c_I, k_1, ..., k_N)``; it may be of
            another float dtype than ``x`` (as in Chainer v1: the output keeps ``x``'s).
        b (~chainer.Variable): bias of length ``c_O`` (optional).
        stride (int or tuple of ints): ``stride=s`` is ``(s, ..., s)``.
        pad (int or tuple of ints): ``pad=p`` is ``(p, ..., p)``.
        use_cudnn (bool or None): on the GPU, use cuDNN when it is enabled.
        cover_all (bool): cover every input location with some window.
        dilate (int or tuple of ints): dilation of the filters (v4+): tap ``k`` reads
            offset ``k * dilate``.
        groups (int): channel groups (v6+): ``W`` is then ``(c_O, c_I / groups,
            k...)`` and group ``g`` of the output sees only group ``g`` of the input.

    Returns:
        ~chainer.Variable: output of shape ``(n, c_O, out_1, ..., out_N)``.

    It is differentiable twice.
    """
    ndim = max(len(x.shape) - 2, 1)  # a too-small x then fails the type check
    func = ConvolutionND(ndim, stride, pad, use_cudnn, cover_all, dilate, groups)
    if b is None:
        return func(x, W)
    return func(x, W, b)


def _convolution_fixed(ndim, x, W, b, stride, pad, cover_all, dilate, groups):
    if len(x.shape) != ndim + 2:
        raise ValueError('the input of a {}-d convolution must have {} axes, got shape '
                         '{}'.format(ndim, ndim + 2, x.shape))
    return convolution_nd(x, W, b, stride, pad, cover_all=cover_all, dilate=dilate,
                          groups=groups)


def convolution_1d(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """One-dimensional convolution (v5+): :func:`convolution_nd` of an input
    ``(n, c_I, l)``, checked to have three axes (ValueError otherwise).

    The arguments are those of :func:`convolution_nd` in v7's order (``cover_all``
    follows ``pad``). Differentiable twice.
    """
    return _convolution_fixed(1, x, W, b, stride, pad, cover_all, dilate, groups)


def convolution_3d(x, W, b=None, stride=1, pad=0, cover_all=False, dilate=1, groups=1):
    """Three-dimensional convolution (v5+): :func:`convolution_nd` of an input
    ``(n, c_I, d, h, w)``, checked to have five axes (ValueError otherwise).

    The arguments are those of :func:`convolution_nd` in v7's order (``cover_all``
    follows ``pad``). Differentiable twice.
    """
    return _convolution_fixed(3, x, W, b, stride, pad, cover_all, dilate, groups)
