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
    # The ratio by keyword, as v1's and v7's CaffeFunction passed it; v1's train=
    # where the net was called with it (v1), else the configuration's (v7), which the
    # net's phase follows then.
    def forward(net, x):
        if net._v1_call:
            return F.dropout(x, ratio=ratio, train=net.train)
        return F.dropout(x, ratio=ratio)
    return forward
