"""Caffe's Dropout layer."""
import chainer.functions as F
from chainer.links.caffe._layers._registry import register


@register('Dropout', params=('dropout_param',))
def build_dropout(layer, net):
    """In TRAIN, zeroes units with probability ``dropout_ratio`` and scales the rest
    by ``1 / (1 - dropout_ratio)``; identity in TEST."""
    ratio = float(layer.params.dropout_param.dropout_ratio)
    if not 0 <= ratio < 1:
        raise ValueError('layer {!r}: dropout_ratio must be in [0, 1), got {}'.format(
            layer.name, ratio))
    # The ratio by keyword, as v1's CaffeFunction passed it.
    return lambda net, x: F.dropout(x, ratio=ratio, train=net.train)
