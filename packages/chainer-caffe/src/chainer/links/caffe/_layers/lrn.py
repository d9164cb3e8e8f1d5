"""Caffe's LRN layer (ACROSS_CHANNELS; WITHIN_CHANNEL is refused, see ``refused``)."""
import chainer.functions as F
from chainer.links.caffe._layers._registry import register

ACROSS_CHANNELS = 0


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
    if p.norm_region != ACROSS_CHANNELS:
        raise ValueError('layer {!r}: unknown norm_region {}'.format(layer.name,
                                                                      p.norm_region))
    # All by keyword, as v1's CaffeFunction passed them.
    return lambda net, x: F.local_response_normalization(x, n=n, k=k, alpha=alpha / n,
                                                         beta=beta)
