"""Caffe's Scale (optionally with a bias) and Bias layers."""
import chainer.functions as F
import chainer.links as L
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register


def _broadcast_apply(function, x, y, axis):
    """``function(x, y, axis)`` with Caffe's axis rules (negative axes, scalar ``y``)."""
    if y.ndim == 0:
        return function(x, F.broadcast_to(y, x.shape), 0)
    return function(x, y, _common.canonical_axis(axis, x.ndim))


def _init(variable, array):
    variable.data[...] = array


@register('Scale', params=('scale_param',))
def build_scale(layer, net):
    """``x * W`` broadcast from ``axis`` (plus ``b`` with ``bias_term``).

    With one bottom ``W`` is blob 0 (and ``b`` blob 1); with two bottoms the second
    bottom is the factor and ``b`` is blob 0. The layer is an :class:`L.Scale` child
    link (one without parameters when both come from bottoms), called as in v1
    wherever it computes Caffe's result: it knows neither negative axes nor a
    0-d factor, which are computed with the functions here.
    """
    p = layer.params.scale_param
    axis = int(p.axis)
    learned_scale = len(layer.bottom) == 1
    bias_term = bool(p.bias_term)
    shape = _common.blob_shape(layer, 0) if learned_scale or bias_term else None
    scale = L.Scale(axis, W_shape=shape if learned_scale else None,
                    bias_term=bias_term, bias_shape=shape)
    if learned_scale:
        _init(scale.W, _common.blob(layer, 0, shape))
    if bias_term:
        _init(scale.bias.b, _common.blob(layer, 1 if learned_scale else 0, shape))
    net.add_layer_link(layer.name, scale)

    name = layer.name

    def forward(net, x, *factor):
        child = net[name]
        w = factor[0] if factor else child.W
        if axis >= 0 and w.ndim > 0:
            return child(x, *factor)
        y = _broadcast_apply(F.scale, x, w, axis)
        if bias_term:
            y = _broadcast_apply(F.bias, y, child.bias.b, axis)
        return y
    return forward


@register('Bias', params=('bias_param',))
def build_bias(layer, net):
    """``x + b`` broadcast from ``axis``; ``b`` is blob 0 or the second bottom."""
    axis = int(layer.params.bias_param.axis)
    if len(layer.bottom) == 2:
        return lambda net, x, b: _broadcast_apply(F.bias, x, b, axis)
    shape = _common.blob_shape(layer, 0)
    bias = L.Bias(axis, shape)
    _init(bias.b, _common.blob(layer, 0, shape))
    net.add_layer_link(layer.name, bias)
    name = layer.name
    return lambda net, x: _broadcast_apply(F.bias, x, net[name].b, axis)
