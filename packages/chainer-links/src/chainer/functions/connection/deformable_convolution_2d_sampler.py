"""Deformable convolution (v4+): ``F.deformable_convolution_2d_sampler``.

Every filter tap reads the image at its regular place plus a learned, fractional
offset, by bilinear interpolation (Dai et al., 2017, arXiv:1703.06211). The function is
a composition of differentiable nodes: a gather of the four neighbouring pixels (and its
scatter-add adjoint), the interpolation weights as Variables of the offsets, and a
linear map with the filters; so it is differentiable to any order (the interpolation
weights are piecewise linear in the offsets: where an offset crosses an integer the
derivative jumps, and the second derivative in the offsets alone is zero elsewhere).
"""
import numpy

from chainer import cuda
from chainer import function_node
from chainer.functions import _grad_nodes
from chainer.functions.connection import linear as _linear
from chainer.utils import conv_nd


class _Gather(function_node.FunctionNode):
    """``y[n, c, p] = x[n, c, idx[n, p]]``; its gradient is :class:`_ScatterAdd`."""

    def __init__(self, idx, size):
        self.idx, self.size = idx, size

    def forward(self, inputs):
        xp = cuda.get_array_module(inputs[0])
        x = inputs[0]
        idx = xp.broadcast_to(self.idx[:, None, :], x.shape[:2] + self.idx.shape[1:])
        return xp.take_along_axis(x, idx, axis=2),

    def backward(self, indexes, grad_outputs):
        return _ScatterAdd(self.idx, self.size).apply(grad_outputs)


class _ScatterAdd(function_node.FunctionNode):
    """``y[n, c, q] = sum_{p: idx[n, p] = q} g[n, c, p]`` (``size`` positions ``q``);
    its gradient is :class:`_Gather`."""

    def __init__(self, idx, size):
        self.idx, self.size = idx, size

    def forward(self, inputs):
        g = inputs[0]
        xp = cuda.get_array_module(g)
        n, c, p = g.shape
        rows = xp.arange(n * c).reshape(n, c, 1) * self.size
        flat = (rows + self.idx[:, None, :]).ravel()
        y = xp.bincount(flat, weights=g.ravel(), minlength=n * c * self.size)
        return y.astype(g.dtype, copy=False).reshape(n, c, self.size),

    def backward(self, indexes, grad_outputs):
        return _Gather(self.idx, self.size).apply(grad_outputs)


def _sample(x, offset, ksize, stride, pad):
    """The bilinearly interpolated taps ``(n, c, kh kw, oh ow)`` as a Variable."""
    n, c, h, w = x.shape
    kh, kw = ksize
    _, _, oh, ow = offset.shape
    K = kh * kw
    xp = cuda.get_array_module(offset.data)
    dtype = offset.dtype
    u = xp.repeat(xp.arange(kh), kw).reshape(1, K, 1, 1)
    v = xp.tile(xp.arange(kw), kh).reshape(1, K, 1, 1)
    base_y = (xp.arange(oh) * stride[0]).reshape(1, 1, oh, 1) + u - pad[0]
    base_x = (xp.arange(ow) * stride[1]).reshape(1, 1, 1, ow) + v - pad[1]
    # offset[:, :K] moves the taps horizontally, offset[:, K:] vertically (v7's layout)
    py = offset[:, K:] + base_y.astype(dtype)
    px = offset[:, :K] + base_x.astype(dtype)
    y0, x0 = xp.floor(py.data), xp.floor(px.data)
    fy, fx = py - y0, px - x0
    flat_x = _grad_nodes.reshape(x, (n, c, h * w))
    P = K * oh * ow
    total = None
    for dy in (0, 1):
        wy = fy if dy else 1 - fy
        for dx in (0, 1):
            wx = fx if dx else 1 - fx
            yy = (y0 + dy).astype(numpy.int64)
            xx = (x0 + dx).astype(numpy.int64)
            valid = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
            idx = (xp.clip(yy, 0, h - 1) * w + xp.clip(xx, 0, w - 1)).reshape(n, P)
            weight = _grad_nodes.reshape(wy * wx * valid.astype(dtype), (n, 1, P))
            term = _Gather(idx, h * w).apply((flat_x,))[0] * weight
            total = term if total is None else total + term
    return total


def deformable_convolution_2d_sampler(x, offset, W, b=None, stride=1, pad=0):
    """Deformable convolution: a 2-d convolution whose taps are displaced by offsets.

    .. math::
        y[n, m, i, j] = b_m + \\sum_{c, u, v} W[m, c, u, v]\\,
            \\tilde x[n, c, i s_Y + u - p_H + \\Delta^Y, j s_X + v - p_W + \\Delta^X]

    where ``Δ^X = offset[n, u k_W + v, i, j]``, ``Δ^Y = offset[n, k_H k_W + u k_W + v,
    i, j]`` and ``x̃`` interpolates ``x`` bilinearly (zero outside the image).

    Args:
        x (~chainer.Variable or array): input ``(n, c_I, h, w)``.
        offset (~chainer.Variable or array): offsets ``(n, 2 k_H k_W, h_O, w_O)``, the
            horizontal ones first; their spatial size is the output's.
        W (~chainer.Variable or array): filters ``(c_O, c_I, k_H, k_W)``.
        b (~chainer.Variable or array): bias ``(c_O,)`` (optional).
        stride (int or pair of ints): the step of the regular taps.
        pad (int or pair of ints): zero padding of the regular grid.

    Returns:
        ~chainer.Variable: output ``(n, c_O, h_O, w_O)``.

    Raises:
        ValueError: when ``offset`` has not ``2 k_H k_W`` channels.

    It is differentiable to any order (see the module notes for the offsets).
    """
    stride = conv_nd.as_tuple(stride, 2)
    pad = conv_nd.as_tuple(pad, 2)
    m, c, kh, kw = W.shape
    if offset.shape[1] != 2 * kh * kw:
        raise ValueError('offset must have 2 * kh * kw = {} channels, got shape {}'.format(
            2 * kh * kw, offset.shape))
    x = _grad_nodes.as_variable(x)
    offset = _grad_nodes.as_variable(offset)
    n = x.shape[0]
    oh, ow = offset.shape[2:]
    taps = _sample(x, offset, (kh, kw), stride, pad)  # (n, c, K * oh * ow)
    rows = _grad_nodes.reshape(
        _grad_nodes.Transpose((0, 2, 1)).apply(
            (_grad_nodes.reshape(taps, (n, c * kh * kw, oh * ow)),))[0],
        (n * oh * ow, c * kh * kw))
    W2 = _grad_nodes.reshape(W, (m, c * kh * kw)) if _grad_nodes.is_variable(W) \
        else W.reshape(m, c * kh * kw)
    y = _linear.linear(rows, W2, b)
    return _grad_nodes.Transpose((0, 3, 1, 2)).apply(
        (_grad_nodes.reshape(y, (n, oh, ow, m)),))[0]
