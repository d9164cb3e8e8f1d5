"""What (de)convolutions share beyond their GEMMs: grouped channels (v6+'s ``groups``)
and the filter gradient as a differentiable node, from which their double-backprop
gradients are built.

A (de)convolution with ``groups=G`` splits the input channels, the filters (their first
axis) and the bias into ``G`` equal parts, applies the ungrouped function to each part
and concatenates the outputs along the channel axis (the gradients likewise: ``gx`` on
the channel axis, ``gW`` and ``gb`` on their first axis).
"""
from chainer import cuda
from chainer import function_node
from chainer.functions.connection import _conv_gemm
from chainer.functions.connection import _conv_gemm_gpu
from chainer.utils import conv_nd


def split_groups(inputs, groups):
    """``(x, W[, b])`` cut into ``groups`` tuples of the same form."""
    xp = cuda.get_array_module(inputs[0])
    parts = [xp.split(inputs[0], groups, axis=1)] + [
        xp.split(a, groups, axis=0) for a in inputs[1:]]
    return list(zip(*parts))


def grouped_forward(func, inputs):
    """The output of the grouped ``func``: its ungrouped copies (kept on ``func`` for
    the backward) applied group by group."""
    xp = cuda.get_array_module(inputs[0])
    func._group_funcs = [func._ungrouped() for _ in range(func.groups)]
    ys = [f.forward(part)[0] for f, part in
          zip(func._group_funcs, split_groups(inputs, func.groups))]
    return xp.concatenate(ys, axis=1),


def grouped_backward(func, inputs, grad_outputs):
    """The gradients of the grouped ``func`` (array backward)."""
    xp = cuda.get_array_module(inputs[0])
    gys = xp.split(grad_outputs[0], func.groups, axis=1)
    grads = [f.backward(part, (gy,)) for f, part, gy in
             zip(func._group_funcs, split_groups(inputs, func.groups), gys)]
    return tuple(xp.concatenate(g, axis=1 if i == 0 else 0)
                 for i, g in enumerate(zip(*grads)))


def check_groups(in_types, groups, in_axis):
    """Type conditions of grouped channels; ``in_axis`` as in
    :func:`_conv_gemm.check_types` (the ungrouped check runs with ``groups=1``)."""
    from chainer.utils import type_check
    x_type, w_type = in_types[:2]
    type_check.expect(x_type.ndim >= 2, w_type.ndim >= 2)
    if in_axis == 1:  # convolution: W is (c_O, c_I / G, k...)
        type_check.expect(x_type.shape[1] == w_type.shape[1] * groups,
                          w_type.shape[0] % groups == 0)
        out = w_type.shape[0]
    else:  # deconvolution: W is (c_I, c_O / G, k...)
        type_check.expect(x_type.shape[1] == w_type.shape[0],
                          w_type.shape[0] % groups == 0)
        out = w_type.shape[1] * groups
    if in_types.size() == 3:
        type_check.expect(in_types[2].ndim == 1, in_types[2].shape[0] == out)


class ConvFilterGrad(function_node.FunctionNode):
    """``gW`` of a convolution of ``x`` with output gradient ``gy``, as a function of
    ``(x, gy)``: ``gW[m, c, k...] = sum gy[n, m, o...] x[n, c, o s + k d - p]`` (per
    group). It is bilinear; its gradients are a deconvolution and a convolution.

    Args:
        ndim (int): spatial axes; stride, pad, dilate (tuples); cover_all (bool);
        groups (int); ksize (tuple): the filter's spatial shape.
    """

    def __init__(self, ndim, stride, pad, dilate, cover_all, groups, ksize):
        self.ndim, self.stride, self.pad, self.dilate = ndim, stride, pad, dilate
        self.cover_all, self.groups, self.ksize = cover_all, groups, tuple(ksize)

    def forward(self, inputs):
        self.retain_inputs((0, 1))
        x, gy = inputs
        xp = cuda.get_array_module(x)
        if self.groups > 1:
            xs = xp.split(x, self.groups, axis=1)
            gys = xp.split(gy, self.groups, axis=1)
            return xp.concatenate([self._filter_grad(a, g) for a, g in zip(xs, gys)]),
        return self._filter_grad(x, gy),

    def _filter_grad(self, x, gy):
        if isinstance(x, cuda.ndarray):
            col = cuda.kernel('im2col_nd')(x, self.ksize, self.stride, self.pad,
                                           cover_all=self.cover_all, dilate=self.dilate)
            g = _conv_gemm_gpu.filter_grad(gy, col)
            return g.reshape(gy.shape[1:2] + x.shape[1:2] + self.ksize)
        col = conv_nd.im2col_nd(x, self.ksize, self.stride, self.pad,
                                cover_all=self.cover_all, dilate=self.dilate)
        return _conv_gemm.weight_grad(gy, col)

    def backward(self, indexes, grad_outputs):
        from chainer.functions.connection import convolution_nd
        from chainer.functions.connection import deconvolution_nd
        x, gy = self.get_retained_inputs()
        ggW, = grad_outputs
        gx = ggy = None
        if 0 in indexes:
            gx = deconvolution_nd.DeconvolutionND(
                self.ndim, self.stride, self.pad, x.shape[2:], dilate=self.dilate,
                groups=self.groups, _cover_all=self.cover_all)(gy, ggW)
        if 1 in indexes:
            ggy = convolution_nd.ConvolutionND(
                self.ndim, self.stride, self.pad, cover_all=self.cover_all,
                dilate=self.dilate, groups=self.groups)(x, ggW)
        return gx, ggy
