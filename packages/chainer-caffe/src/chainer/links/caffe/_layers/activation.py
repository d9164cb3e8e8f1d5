"""Caffe's elementwise activation layers and Softmax."""
import chainer
import chainer.functions as F
import chainer.links as L
from chainer.links.caffe._layers import _common
from chainer.links.caffe._layers._registry import register


@register('ReLU', params=('relu_param',))
def build_relu(layer, net):
    """``max(x, 0) + negative_slope * min(x, 0)``."""
    slope = float(layer.params.relu_param.negative_slope)
    if slope == 0:
        return lambda net, x: F.relu(x)
    # The slope by keyword, as v1's CaffeFunction passed it.
    return lambda net, x: F.leaky_relu(x, slope=slope)


@register('PReLU', params=('prelu_param',))
def build_prelu(layer, net):
    """Parametric ReLU: one learned slope per channel (or one for all, channel_shared)."""
    shape = _common.blob_shape(layer, 0)
    if layer.params.prelu_param.channel_shared:
        shape = ()
    prelu = L.PReLU(shape)
    prelu.W.data[...] = _common.blob(layer, 0, shape)
    net.add_layer_link(layer.name, prelu)
    name = layer.name
    return lambda net, x: F.prelu(x, net[name].W)


@register('ELU', params=('elu_param',))
def build_elu(layer, net):
    """``x`` for positive ``x``, ``alpha (exp(x) - 1)`` otherwise."""
    alpha = float(layer.params.elu_param.alpha)
    return lambda net, x: F.elu(x, alpha)


@register('Sigmoid')
def build_sigmoid(layer, net):
    """Logistic sigmoid."""
    return lambda net, x: F.sigmoid(x)


@register('TanH')
def build_tanh(layer, net):
    """Hyperbolic tangent."""
    return lambda net, x: F.tanh(x)


@register('Power', params=('power_param',))
def build_power(layer, net):
    """``(shift + scale * x) ^ power``."""
    p = layer.params.power_param
    power, scale, shift = float(p.power), float(p.scale), float(p.shift)

    def forward(net, x):
        y = x * scale + shift if (scale, shift) != (1.0, 0.0) else x
        return y if power == 1.0 else y ** power
    return forward


#: ``SoftmaxParameter.engine`` -> the ``use_cudnn`` v1 passed for it (DEFAULT: none).
_SOFTMAX_ENGINE_USE_CUDNN = {1: False, 2: True}  # CAFFE, CUDNN


@register('Softmax', params=('softmax_param',))
def build_softmax(layer, net):
    """Softmax over the channel axis 1 (other axes are refused, see ``refused``).

    The CAFFE engine asks for no cuDNN, the CUDNN engine for cuDNN: by v1's
    ``use_cudnn=`` argument when the net was called as v1 called it (with
    ``train=``), else by ``chainer.config.use_cudnn`` (v7). Options at their
    defaults (the DEFAULT engine) are left out of the call, as v1 called
    ``softmax(x)``.
    """
    p = layer.params.softmax_param
    if p.engine not in _SOFTMAX_ENGINE_USE_CUDNN:
        return lambda net, x: F.softmax(x)
    use_cudnn = _SOFTMAX_ENGINE_USE_CUDNN[p.engine]

    def forward(net, x):
        if net._v1_call:
            return F.softmax(x, use_cudnn=use_cudnn)
        with chainer.using_config('use_cudnn', 'always' if use_cudnn else 'never'):
            return F.softmax(x)
    return forward
