"""Caffe's LRN layer (ACROSS_CHANNELS and WITHIN_CHANNEL)."""
import chainer.functions as F
from chainer.links.caffe._layers import pooling
from chainer.links.caffe._layers._registry import register

ACROSS_CHANNELS = 0
WITHIN_CHANNEL = 1


def within_channel_lrn(x, local_size, alpha, beta):
    """``x / (1 + alpha * mean(x^2 over a local_size^2 window))^beta``.

    The mean is Caffe's AVE pooling with stride 1 and pad ``(local_size - 1) / 2``
    (zero padding counted); ``k`` is not used by this mode in Caffe.
    """
    pad = (local_size - 1) // 2
    mean = pooling.caffe_pooling_2d(x * x, pooling.AVE, (local_size, local_size),
                                    (1, 1), (pad, pad))
    return x * (mean * alpha + 1) ** -beta


@register('LRN', params=('lrn_param',))
def build_lrn(layer, net):
    """Local response normalization.

    Across channels: ``x / (k + alpha / n * sum of x^2 over n channels)^beta``:
    Caffe divides ``alpha`` by ``local_size`` where Chainer's function does not.
    """
    p = layer.params.lrn_param
    n = int(p.local_size)
    if n < 1 or n % 2 == 0:
        raise ValueError('layer {!r}: local_size must be odd and positive, got {}'.format(
            layer.name, n))
    alpha, beta, k = float(p.alpha), float(p.beta), float(p.k)
    if p.norm_region == WITHIN_CHANNEL:
        return lambda net, x: within_channel_lrn(x, n, alpha, beta)
    if p.norm_region != ACROSS_CHANNELS:
        raise ValueError('layer {!r}: unknown norm_region {}'.format(layer.name,
                                                                      p.norm_region))
    # All by keyword, as v1's CaffeFunction passed them.
    return lambda net, x: F.local_response_normalization(x, n=n, k=k, alpha=alpha / n,
                                                         beta=beta)
